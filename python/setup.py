"""Builds and installs vantage_edl, Vantage's elastic API for PyTorch scripts, into this Python:

    pip install --no-build-isolation ./python      (from the checkout; this Python must have torch)

The module is compiled by the project's CMake (core libraries, GUI and tests off) against the torch
that this interpreter imports, into build-python/ (VANTAGE_PYTHON_BUILD_DIR overrides), and copied
into site-packages. --no-build-isolation lets the build see that torch instead of a fresh one.
"""
import glob
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        try:
            import torch
        except ImportError:
            sys.exit("vantage_edl is built against this Python's torch, which is not installed "
                     "(pip install torch, then pip install --no-build-isolation ./python)")
        build = os.environ.get("VANTAGE_PYTHON_BUILD_DIR", os.path.join(ROOT, "build-python"))
        torch_root = os.path.dirname(torch.__file__)
        args = ["-DCMAKE_BUILD_TYPE=Release", "-DVANTAGE_BUILD_GUI=OFF", "-DVANTAGE_BUILD_TESTS=OFF",
                f"-DCMAKE_PREFIX_PATH={torch.utils.cmake_prefix_path};{torch_root}",
                f"-DPython3_EXECUTABLE={sys.executable}"]
        try:  # the NCCL that torch was built against, as scripts/build.sh --cuda does
            import nvidia.nccl as nccl
            lib = os.path.join(list(nccl.__path__)[0], "lib", "libnccl.so.2")
            if os.path.exists(lib):
                args += [f"-DNCCL_LIBRARY={lib}", f"-DNCCL_INCLUDE_DIR={os.path.dirname(os.path.dirname(lib))}/include"]
        except ImportError:
            pass
        env = dict(os.environ)
        env.setdefault("TORCH_CUDA_ARCH_LIST", "9.0")
        env.setdefault("CCACHE_DIR", os.path.expanduser("~/.cache/vantage-ccache"))
        env.setdefault("CCACHE_BASEDIR", ROOT)
        if not os.path.exists(os.path.join(build, "build.ninja")):
            subprocess.check_call(["cmake", "-S", ROOT, "-B", build, "-G", "Ninja"] + args, env=env)
        subprocess.check_call(["cmake", "--build", build, "--target", "vantage_edl_python"], env=env)
        built = glob.glob(os.path.join(build, "python", "vantage_edl.*.so"))
        if not built:
            sys.exit(f"the build in {build} made no vantage_edl module (see CMake's 'Python elastic module' line)")
        dest = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(built[0], dest)


setup(
    name="vantage-edl",
    version="0.1.0",
    description="Vantage's elastic training API for PyTorch scripts",
    ext_modules=[Extension("vantage_edl", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
