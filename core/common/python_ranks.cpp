#include "common/python_ranks.h"

#include <cstdlib>
#include <unistd.h>

namespace vantage {

std::string pythonInterpreter(const std::string& python)
{
    if (!python.empty())
        return python;
    const char* env = std::getenv("VANTAGE_PYTHON");
    return env && *env ? env : "python3";
}

std::map<std::string, std::string> vantagePythonEnvironment()
{
    namespace fs = std::filesystem;
    const fs::path package = fs::path(VANTAGE_PYTHON_SOURCE_DIR);
    std::error_code ec;
    if (!fs::is_regular_file(package / "vantage" / "ft" / "runner.py", ec))
        return {};
    const char* current = std::getenv("PYTHONPATH");
    const std::string path = current && *current ? std::string(":") + current : std::string();
    return { { "PYTHONPATH", package.string() + path } };
}

PythonWorkDir::PythonWorkDir(const std::string& prefix)
{
    namespace fs = std::filesystem;
    std::string templ = (fs::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (!::mkdtemp(templ.data()))
        throw Error::failure("cannot make a folder in " + fs::temp_directory_path().string());
    dir = templ;
}

PythonWorkDir::~PythonWorkDir()
{
    std::error_code ec;
    if (!keep)
        std::filesystem::remove_all(dir, ec);
}

} // namespace vantage
