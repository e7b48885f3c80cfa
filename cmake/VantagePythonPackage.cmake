# A build of the vantage Python package by scikit-build-core (python/pyproject.toml; SKBUILD is set):
# the LibTorch is the one of the torch that the installing Python imports, with the NCCL that torch
# was built against (nvidia-nccl's wheel), as scripts/build.sh --cuda finds them for build-cuda/.
# scikit-build-core names that Python in Python3_EXECUTABLE.
execute_process(
    COMMAND "${Python3_EXECUTABLE}" -c "import os, torch; print(torch.utils.cmake_prefix_path + ';' + os.path.dirname(torch.__file__))"
    OUTPUT_VARIABLE _vantage_torch_prefix OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _vantage_torch_rc)
if(NOT _vantage_torch_rc EQUAL 0)
    message(FATAL_ERROR "vantage is built against the torch of ${Python3_EXECUTABLE}, which has none "
        "(pip install torch, then pip install --no-build-isolation ./python)")
endif()
list(PREPEND CMAKE_PREFIX_PATH ${_vantage_torch_prefix})
execute_process(
    COMMAND "${Python3_EXECUTABLE}" -c "import os, nvidia.nccl as n; print(list(n.__path__)[0])"
    OUTPUT_VARIABLE _vantage_nccl OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _vantage_nccl_rc)
if(_vantage_nccl_rc EQUAL 0 AND EXISTS "${_vantage_nccl}/lib/libnccl.so.2" AND NOT NCCL_LIBRARY)
    set(NCCL_LIBRARY "${_vantage_nccl}/lib/libnccl.so.2" CACHE FILEPATH "NCCL of the torch wheel")
    set(NCCL_INCLUDE_DIR "${_vantage_nccl}/include" CACHE PATH "NCCL headers of the torch wheel")
endif()
# The GPUs may be on another machine: name the architecture (H200: sm_90) instead of detecting it.
if(NOT DEFINED ENV{TORCH_CUDA_ARCH_LIST})
    set(ENV{TORCH_CUDA_ARCH_LIST} "9.0")
endif()
