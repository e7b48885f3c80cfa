// importTorchScript: the model is read by vantage-model-reader in its sandbox, and its answer built
// again here through the IR's checking builders (ir_wire.cpp).

#include "dgi/torchscript_import.h"

#include "dgi/ir_wire.h"

#include "common/error.h"
#include "common/model_file.h"

namespace vantage::dgi {

GnnIr importTorchScript(const std::filesystem::path& file, const TorchScriptImportOptions& options, Progress& progress,
    const CancelToken& cancel)
{
    if (!std::filesystem::exists(file))
        throw Error::invalidInput("no such file").inFile(file.string());
    checkTorchScriptFile(file); // the cheap refusals, before a process is started
    std::vector<std::string> args = { "dgi", file.string() };
    if (options.inputWidth > 0)
        args.insert(args.end(), { "--input-width", std::to_string(options.inputWidth) });
    if (options.fallbackInputWidth > 0)
        args.insert(args.end(), { "--fallback-width", std::to_string(options.fallbackInputWidth) });
    progress.report(0.0, "preparing the model");
    const SandboxAnswer a
        = runSandboxed(modelReaderProgram(), args, options.limits, file.string(), "loading the model", cancel);
    GnnIr ir = irFromWire(a.bytes, file.string());
    progress.report(1.0, "model ready");
    return ir;
}

} // namespace vantage::dgi
