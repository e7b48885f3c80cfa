#pragma once
// A Python program of the vantage package (python/vantage) run as the processes of one
// torch.distributed group: FT's exporter (one process) and its strategy runner (one process per
// device). Vantage embeds no Python; it starts the user's interpreter as a child, as EDL starts a
// --script job's workers, and reads what rank 0 prints. The engine that owns child processes runs
// them (edl::runPythonRanks); the recipes that need them take a RunPythonRanks.

#include "common/error.h"
#include "common/json.h"

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace vantage {

class CancelToken;

struct PythonRanks {
    std::string python; // the interpreter; empty: $VANTAGE_PYTHON, else python3
    std::vector<std::string> args; // after the interpreter: {"-m", "vantage.ft.runner", ...}
    int processes = 1;
    // The processes form a torch.distributed group: each gets RANK, WORLD_SIZE, LOCAL_RANK,
    // MASTER_ADDR and MASTER_PORT (also a group of one). Always so for more than one process.
    bool group = false;
    int threads = 1; // OMP_NUM_THREADS of each process
    std::filesystem::path dir; // rank R's stdout and stderr go to dir/rank<R>.log
    std::string what; // "the strategy runner": how messages name the program
    double stallS = 600.0; // rank 0 printing nothing for this long ends every process
    // Rank 0's lines that are JSON objects, as they come (progress); called on the caller's thread.
    std::function<void(const Json&)> onLine;
};

// Runs `ranks` to the end of every process. A process that exits with 2 (the program's "bad input")
// throws Error::invalidInput with the program's own message (its last "error:" line); another end
// throws Error::failure naming the rank, how it ended and the end of its log; vantage::Cancelled on
// `cancel`. Every process still running is killed before it returns or throws.
using RunPythonRanks = std::function<void(const PythonRanks&, const CancelToken&)>;

// The interpreter `python` stands for (empty: $VANTAGE_PYTHON, else python3).
std::string pythonInterpreter(const std::string& python);

// The environment that lets the interpreter import the vantage package of this build's source tree:
// PYTHONPATH with <source>/python in front, so that a build runs its own runner even where another
// version is installed (nothing when that folder is gone, e.g. an installed Vantage, whose users
// `pip install` the package).
std::map<std::string, std::string> vantagePythonEnvironment();

// A private folder for the Python children's files (logs, results): made under the system's temporary
// folder as <prefix>-XXXXXX, removed with what it holds at the end of scope unless `keep` is set (the
// logs an error names). keepOnFailure sets it for a failure, not for a cancel or a refusal.
struct PythonWorkDir {
    std::filesystem::path dir;
    bool keep = false;
    explicit PythonWorkDir(const std::string& prefix);
    ~PythonWorkDir();
    PythonWorkDir(const PythonWorkDir&) = delete;
    PythonWorkDir& operator=(const PythonWorkDir&) = delete;

    template <typename F> auto keepOnFailure(F&& body)
    {
        try {
            return body();
        } catch (const Error& e) {
            keep = e.kind() == Error::Kind::Failure;
            throw;
        } catch (...) {
            keep = true;
            throw;
        }
    }
};

} // namespace vantage
