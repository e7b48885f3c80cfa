#pragma once
// Shared by the fuzz harnesses: each feeds one parser of a user's input and lets only
// vantage::Error through as an expected outcome; anything else (a crash, another exception, a
// sanitizer report, a hang past libFuzzer's -timeout) is a finding.

#include "common/error.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <unistd.h>

namespace fuzz {

inline std::string_view bytes(const std::uint8_t* data, std::size_t size)
{
    return { reinterpret_cast<const char*>(data), size };
}

// A private folder for the files a harness writes (parsers that read paths).
inline const std::filesystem::path& workDir()
{
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() / ("vantage-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir;
}

inline std::filesystem::path writeFile(const std::string& name, std::string_view content)
{
    const auto path = workDir() / name;
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (f) {
        std::fwrite(content.data(), 1, content.size(), f);
        std::fclose(f);
    }
    return path;
}

// Runs `f`; a vantage::Error is a refusal, which is what bad input should get.
template <typename F> int refuseOrAccept(F&& f)
{
    try {
        f();
    } catch (const vantage::Error&) { }
    return 0;
}

} // namespace fuzz
