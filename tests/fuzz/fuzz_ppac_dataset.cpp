// Fuzzes PPAC's interaction files: the first byte picks the format (one line per user, RecBole
// .inter, MovieLens ratings.dat, CSV), the rest is the file.
#include "fuzz_common.h"

#include "common/progress.h"
#include "ppac/loaders.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace vantage::ppac;
    if (size == 0)
        return 0;
    static const char* names[] = { "train.txt", "data.inter", "ratings.dat", "data.csv" };
    static const DataFormat formats[]
        = { DataFormat::UserLines, DataFormat::RecBoleInter, DataFormat::MovieLens, DataFormat::Csv };
    const int pick = data[0] % 4;
    const auto path = fuzz::writeFile(names[pick], fuzz::bytes(data + 1, size - 1));
    return fuzz::refuseOrAccept([&] {
        vantage::NullProgress progress;
        vantage::CancelToken cancel;
        LoadOptions o;
        o.path = path;
        o.format = formats[pick];
        (void)loadDataset(o, progress, cancel);
    });
}
