// vantage-fuzz-replay NAME DIR...: runs the fuzz harness NAME over every file of the folders (its
// seed corpus, the inputs of past findings), as libFuzzer would run one input, and says how many.
// A crash, an escaped exception or a sanitizer report fails the test; a refusal is fine.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#define VANTAGE_FUZZ_TARGET(name) extern "C" int fuzzTarget_##name(const std::uint8_t*, std::size_t);
#include "fuzz_targets.inc"
#undef VANTAGE_FUZZ_TARGET

namespace {

struct Target {
    std::string_view name;
    int (*run)(const std::uint8_t*, std::size_t);
};

const Target kTargets[] = {
#define VANTAGE_FUZZ_TARGET(name) { #name, &fuzzTarget_##name },
#include "fuzz_targets.inc"
#undef VANTAGE_FUZZ_TARGET
};

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: vantage-fuzz-replay NAME DIR...\n");
        return 2;
    }
    const auto* target
        = std::find_if(std::begin(kTargets), std::end(kTargets), [&](const Target& t) { return t.name == argv[1]; });
    if (target == std::end(kTargets)) {
        std::fprintf(stderr, "vantage-fuzz-replay: no harness '%s'\n", argv[1]);
        return 2;
    }
    std::vector<std::filesystem::path> files;
    for (int i = 2; i < argc; ++i) {
        std::error_code ec;
        if (!std::filesystem::is_directory(argv[i], ec)) {
            std::fprintf(
                stderr, "vantage-fuzz-replay: '%s' is not a folder (is the seed corpus committed?)\n", argv[i]);
            return 2;
        }
        for (const auto& e : std::filesystem::recursive_directory_iterator(argv[i]))
            if (e.is_regular_file())
                files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        std::fprintf(stderr, "vantage-fuzz-replay: no inputs for '%s'\n", argv[1]);
        return 2;
    }
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::printf("%s: %s (%zu bytes)\n", argv[1], f.filename().c_str(), data.size());
        std::fflush(stdout);
        target->run(reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
    }
    std::printf("%s: %zu inputs, no crash\n", argv[1], files.size());
    return 0;
}
