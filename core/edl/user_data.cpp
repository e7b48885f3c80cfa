#include "edl/user_data.h"

#include "common/error.h"
#include "common/model_file.h"
#include "common/model_reader.h"
#include "edl/job.h"

namespace vantage::edl {

namespace {

std::filesystem::path existing(const std::filesystem::path& p, const char* what)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(p, ec))
        throw Error::invalidInput(std::string("no ") + what + " file here").inFile(p.string()).forField("data");
    return p;
}

} // namespace

std::vector<std::int64_t> UserDataFiles::sampleShape() const
{
    return { inputsHeader.shape.begin() + 1, inputsHeader.shape.end() };
}

UserDataFiles resolveUserData(const std::string& spec)
{
    if (spec.empty())
        throw Error::invalidInput("give the data: a folder with inputs.npy and targets.npy, or INPUTS.npy,TARGETS.npy")
            .forField("data");
    UserDataFiles d;
    const auto comma = spec.find(',');
    if (comma != std::string::npos) {
        d.inputs = existing(spec.substr(0, comma), "inputs");
        d.targets = existing(spec.substr(comma + 1), "targets");
    } else {
        const std::filesystem::path dir(spec);
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec))
            throw Error::invalidInput("expected a folder with inputs.npy and targets.npy, or INPUTS.npy,TARGETS.npy")
                .inFile(spec)
                .forField("data");
        const bool named = std::filesystem::exists(dir / "inputs.npy", ec);
        d.inputs = existing(dir / (named ? "inputs.npy" : "x.npy"), "inputs.npy (or x.npy)");
        d.targets = existing(dir / (named ? "targets.npy" : "y.npy"), "targets.npy (or y.npy)");
    }
    d.inputsHeader = readNpyHeader(d.inputs);
    d.targetsHeader = readNpyHeader(d.targets);
    const NpyHeader& x = d.inputsHeader;
    const NpyHeader& y = d.targetsHeader;
    if (x.type != NpyType::Float32 && x.type != NpyType::Float64)
        throw Error::invalidInput(std::string("inputs must be float32 or float64, not ") + npyDescr(x.type))
            .inFile(d.inputs.string());
    if (x.shape.empty() || x.shape[0] <= 0)
        throw Error::invalidInput("inputs need one row per sample (shape (N, ...) with N > 0)")
            .inFile(d.inputs.string());
    if (y.shape.empty() || y.shape[0] != x.shape[0])
        throw Error::invalidInput("targets have "
            + (y.shape.empty() ? std::string("no rows") : std::to_string(y.shape[0])) + " rows, the inputs "
            + std::to_string(x.shape[0]))
            .inFile(d.targets.string());
    d.classTargets = y.type == NpyType::Int64 || y.type == NpyType::Int32;
    if (d.classTargets && y.shape.size() != 1)
        throw Error::invalidInput("integer targets are class labels, one per sample (shape (N)); float targets are "
                                  "regressed")
            .inFile(d.targets.string());
    d.samples = x.shape[0];
    return d;
}

void useUserModel(
    JobSpec& spec, const std::string& model, const std::string& data, LossFunction loss, bool loadIsolated)
{
    if (model.empty())
        throw Error::invalidInput("--data trains a model given with --model").forField("model");
    if (data.empty())
        throw Error::invalidInput("--model needs its data: --data DIR or --data INPUTS.npy,TARGETS.npy")
            .forField("data");
    checkTorchScriptFile(model);
    if (loadIsolated)
        loadTorchScriptIsolated(model); // a hostile file fails here, not in a worker
    const UserDataFiles files = resolveUserData(data);
    spec.trainer = Trainer::TorchScript;
    spec.model = std::filesystem::absolute(model).string();
    spec.data
        = std::filesystem::absolute(files.inputs).string() + "," + std::filesystem::absolute(files.targets).string();
    spec.loss = loss;
    if (loss == LossFunction::CrossEntropy && !files.classTargets)
        throw Error::invalidInput("cross-entropy needs integer class labels as targets")
            .inFile(files.targets.string())
            .forField("loss");
    spec.samples = files.samples;
}

} // namespace vantage::edl
