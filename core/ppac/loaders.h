#pragma once
// The one parser of each interaction format PPAC reads. Every error names the file, the line and
// the field. Formats:
//   UserLines     "uid item item ..." one line per user (the LightGCN / PPAC split files); a
//                 directory holds train.txt, test.txt and optionally balance_test.txt
//   RecBoleInter  RecBole atomic .inter: a header of name:type columns (user_id, item_id and
//                 optionally rating, timestamp), tab-separated rows
//   MovieLens     ratings.dat ("user::item::rating::timestamp") or u.data (tab-separated)
//   Csv           user,item[,rating[,timestamp]] with or without a header row
// Single-file formats are split per user (splits.h); ids are mapped to dense indices and kept as labels.

#include "common/enum_names.h"
#include "common/progress.h"
#include "ppac/dataset.h"
#include "ppac/splits.h"

#include <filesystem>
#include <limits>
#include <string_view>

namespace vantage::ppac {

enum class DataFormat {
    Auto,
    UserLines,
    RecBoleInter,
    MovieLens,
    Csv
};

// "auto", "lines", "inter", "movielens", "csv" (enumName, enumFromName: an unknown name is an error
// naming the field "format").
inline constexpr EnumTable<DataFormat, 5> kDataFormats{ .field = "format",
    .entries = { { { DataFormat::Auto, "auto" }, { DataFormat::UserLines, "lines" },
        { DataFormat::RecBoleInter, "inter" }, { DataFormat::MovieLens, "movielens" }, { DataFormat::Csv, "csv" } } },
    .what = "data format" };
constexpr const auto& enumTable(DataFormat)
{
    return kDataFormats;
}

struct CsvOptions {
    char delimiter = 0; // 0: detected from the first line (',', ';', tab)
    enum class Header {
        Auto,
        Present,
        Absent
    } header = Header::Auto;
};

// The largest id the one-line-per-user format accepts (its ids are used as indices).
inline constexpr std::int32_t kMaxDenseId = 50'000'000;

// A one-line-per-user file: shape (largest user id + 1) x (largest item id + 1).
UserItems readUserLines(const std::filesystem::path& path);
InteractionLog readRecBoleInter(const std::filesystem::path& path);
InteractionLog readMovieLens(const std::filesystem::path& path);
InteractionLog readCsv(const std::filesystem::path& path, const CsvOptions& options = {});

// The format of a file or directory from its name (and, for MovieLens, its first line).
DataFormat detectFormat(const std::filesystem::path& path);

struct LoadOptions {
    std::filesystem::path path; // a directory of split files, or one interaction file
    DataFormat format = DataFormat::Auto;
    std::filesystem::path testPath; // UserLines: default test.txt beside the training file
    std::filesystem::path balancedTestPath; // UserLines: default balance_test.txt beside it, when present
    double minRating = -std::numeric_limits<double>::infinity(); // keep rows rated >= this
    CsvOptions csv;
    SplitOptions split; // single-file formats
    double validationFraction = 0.0; // held out from training per user (0: none)
    std::uint64_t validationSeed = 17;
    int balancedPerItem = 3; // c of the balanced-test builder when no file is given
    std::uint64_t balancedSeed = 23;
};

Dataset loadDataset(const LoadOptions& options, Progress& progress, const CancelToken& cancel);

// The options as JSON (paths made absolute) and back; loadDataset stores them in the dataset's
// notes under "load", and training copies the notes into the model, so a stored run can find its
// data again.
Json toJson(const LoadOptions& options);
LoadOptions loadOptionsFromJson(const Json& json, const std::string& where);

// The dataset described by Dataset::notes (a model's info["dataset_notes"]): loaded again with the
// same options, or generated again with the same synthetic options.
Dataset reloadDataset(const Json& notes, Progress& progress, const CancelToken& cancel);

// The Dataset of a single interaction log: filter, split, validation, balanced test.
Dataset datasetFromLog(const InteractionLog& log, const LoadOptions& options);

} // namespace vantage::ppac
