// vantage-model-reader MODE FILE [--input-width N] [--fallback-width N]
//   dgi          the GNN IR of a TorchScript model (dgi/ir_wire.h) for DGI
//   torchscript  a TorchScript module loaded and its tensors checked, for EDL: {"parameters", "tensors", ...}
// Started by core/common/sandbox.h's runSandboxed, never by a person: its limits come from the
// environment, and it answers on the descriptor enterSandboxLimits gives (an Error as JSON, exit 3).

#include "common/error.h"
#include "common/json.h"
#include "common/messages.h"
#include "common/model_file.h"
#include "common/sandbox.h"
#include "common/torch_checks.h"
#include "dgi/ir_wire.h"
#include "dgi/torchscript_import.h"

#include <torch/script.h>
#include <torch/version.h>

#include <ext/stdio_filebuf.h>
#include <fcntl.h>

#include <cstdlib>
#include <cstring>
#include <istream>
#include <new>
#include <string>

using namespace vantage;

namespace {

std::int64_t number(const char* flag, const char* text)
{
    char* end = nullptr;
    const long long v = std::strtoll(text, &end, 10);
    if (!end || *end || v < 0)
        throw Error::invalidInput(std::string("bad value for ") + flag);
    return v;
}

// A TorchScript module loaded for an elastic job: parameters, buffers and constants checked.
Json checkTorchScript(std::istream& in, const std::string& file)
{
    checkTorchScriptStream(in, file);
    torch::jit::Module module;
    try {
        module = torch::jit::load(in);
    } catch (const std::exception& e) {
        // c10::Error, or torch::jit::ErrorReport and the interpreter's errors from __setstate__.
        const auto* c10 = dynamic_cast<const c10::Error*>(&e);
        throw Error::invalidInput(std::string("LibTorch ") + TORCH_VERSION
            + " cannot load this TorchScript model: " + firstLineOf(c10 ? c10->what_without_backtrace() : e.what()))
            .inFile(file);
    }
    checkModuleTensors(module, file);
    std::int64_t parameters = 0, tensors = 0;
    for (const auto& p : module.parameters()) {
        parameters += p.numel();
        ++tensors;
    }
    if (!module.find_method("forward"))
        throw Error::invalidInput("the module has no forward method").inFile(file);
    return { { "parameters", parameters }, { "tensors", tensors } };
}

bool outOfMemory(const std::string& message)
{
    return message.find("can't allocate memory") != std::string::npos || message.find("bad_alloc") != std::string::npos
        || message.find("out of memory") != std::string::npos;
}

} // namespace

int main(int argc, char** argv)
{
    const int answer = enterSandboxLimits();
    try {
        if (argc < 3)
            throw Error::invalidInput("usage: vantage-model-reader dgi|torchscript FILE [--input-width N] "
                                      "[--fallback-width N]");
        const std::string mode = argv[1], file = argv[2];
        dgi::TorchScriptImportOptions options;
        for (int i = 3; i + 1 < argc; i += 2) {
            if (std::strcmp(argv[i], "--input-width") == 0)
                options.inputWidth = number(argv[i], argv[i + 1]);
            else if (std::strcmp(argv[i], "--fallback-width") == 0)
                options.fallbackInputWidth = number(argv[i], argv[i + 1]);
            else
                throw Error::invalidInput(std::string("unknown option ") + argv[i]);
        }
        const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            throw Error::invalidInput(std::string("cannot open for reading: ") + std::strerror(errno)).inFile(file);
        __gnu_cxx::stdio_filebuf<char> buffer(fd, std::ios::in | std::ios::binary);
        std::istream in(&buffer);
        shutSandbox({ fd, answer });
        if (mode == "dgi") {
            writeSandboxAnswer(answer, dgi::irToWire(dgi::importTorchScriptInProcess(file, options, &in)));
        } else if (mode == "torchscript") {
            writeSandboxAnswer(answer, checkTorchScript(in, file).dump());
        } else {
            throw Error::invalidInput("unknown mode " + mode);
        }
        return 0;
    } catch (const std::bad_alloc&) {
        exitWithSandboxError(answer, Error::failure("std::bad_alloc"), true);
    } catch (const Error& e) {
        exitWithSandboxError(answer, e, outOfMemory(e.message()));
    } catch (const c10::Error& e) {
        const std::string why = e.what_without_backtrace();
        exitWithSandboxError(answer, Error::invalidInput("LibTorch: " + firstLineOf(why)), outOfMemory(why));
    } catch (const std::exception& e) {
        exitWithSandboxError(answer, Error::failure(e.what()), outOfMemory(e.what()));
    }
}
