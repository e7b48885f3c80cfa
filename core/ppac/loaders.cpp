#include "ppac/loaders.h"

#include "common/error.h"
#include "common/json.h"
#include "common/text_input.h"
#include "ppac/csv_columns.h"
#include "ppac/lines_p.h"
#include "ppac/synthetic.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <unordered_map>

namespace vantage::ppac {

namespace fs = std::filesystem;
using detail::Lines;

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

bool isBlank(std::string_view s)
{
    return trim(s).empty();
}

std::string shown(std::string_view s)
{
    std::string out(s.substr(0, 40));
    if (s.size() > 40)
        out += "...";
    return "'" + out + "'";
}

std::string fileText(const fs::path& path)
{
    return readTextFile(path, TextLimits{ .what = "a text file of interactions", .maxLineBytes = 16u << 20 });
}

std::int32_t parseDenseId(std::string_view tok, const fs::path& path, std::int64_t line, const char* field)
{
    std::int64_t v = -1;
    const auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (ec != std::errc() || p != tok.data() + tok.size() || v < 0)
        throw Error::invalidInput("expected a non-negative integer id, got " + shown(tok))
            .inFile(path.string())
            .atLine(line)
            .forField(field);
    if (v > kMaxDenseId)
        throw Error::invalidInput("id " + std::string(tok) + " is larger than " + std::to_string(kMaxDenseId)
            + "; this format uses ids as indices")
            .inFile(path.string())
            .atLine(line)
            .forField(field);
    return static_cast<std::int32_t>(v);
}

double parseNumber(std::string_view tok, const fs::path& path, std::int64_t line, const std::string& field)
{
    tok = trim(tok);
    double v = 0.0;
    const auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (tok.empty() || ec != std::errc() || p != tok.data() + tok.size() || !std::isfinite(v))
        throw Error::invalidInput("expected a number, got " + shown(tok))
            .inFile(path.string())
            .atLine(line)
            .forField(field);
    return v;
}

// Maps original ids (any text) to dense indices in order of first appearance.
class IdMap {
public:
    std::int32_t operator()(std::string_view id)
    {
        auto [it, added] = m_index.try_emplace(std::string(id), static_cast<std::int32_t>(m_labels.size()));
        if (added)
            m_labels.emplace_back(id);
        return it->second;
    }
    std::vector<std::string> take() { return std::move(m_labels); }

private:
    std::unordered_map<std::string, std::int32_t> m_index;
    std::vector<std::string> m_labels;
};

std::vector<std::string_view> splitOn(std::string_view line, std::string_view sep)
{
    std::vector<std::string_view> out;
    std::size_t pos = 0;
    while (true) {
        const auto at = line.find(sep, pos);
        if (at == std::string_view::npos) {
            out.push_back(line.substr(pos));
            return out;
        }
        out.push_back(line.substr(pos, at - pos));
        pos = at + sep.size();
    }
}

// A CSV row's fields (RFC 4180): a field that starts with a double quote, after blanks, runs to
// the closing quote, `sep` and "" (an escaped quote) inside it belonging to the field; a quote
// elsewhere is an ordinary character. Fields keep their quotes, which unquote() removes.
std::vector<std::string_view> splitCsv(std::string_view line, char sep)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    std::size_t i = 0;
    while (true) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t') && line[i] != sep)
            ++i;
        if (i < line.size() && line[i] == '"')
            for (++i; i < line.size(); ++i)
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"')
                        ++i; // ""
                    else
                        break;
                }
        const auto at = line.find(sep, std::min(i, line.size()));
        if (at == std::string_view::npos) {
            out.push_back(line.substr(start));
            return out;
        }
        out.push_back(line.substr(start, at - start));
        start = i = at + 1;
    }
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (auto& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// A field without its blanks and enclosing quotes, "" inside made one quote (written to `scratch`
// when there is one, so the view lasts until the next call with the same scratch).
std::string_view unquote(std::string_view s, std::string& scratch)
{
    s = trim(s);
    if (s.size() < 2 || s.front() != '"' || s.back() != '"')
        return s;
    s = s.substr(1, s.size() - 2);
    if (s.find("\"\"") == std::string_view::npos)
        return s;
    scratch.clear();
    for (std::size_t i = 0; i < s.size(); ++i) {
        scratch.push_back(s[i]);
        if (s[i] == '"' && i + 1 < s.size() && s[i + 1] == '"')
            ++i;
    }
    return scratch;
}

void finishLog(InteractionLog& log, IdMap& users, IdMap& items, const fs::path& path)
{
    log.userLabels = users.take();
    log.itemLabels = items.take();
    log.source = path.string();
    if (log.rows.empty())
        throw Error::invalidInput("no interactions").inFile(path.string());
}

} // namespace

UserItems readUserLines(const fs::path& path)
{
    const std::string text = fileText(path);
    Lines lines(text);
    std::string_view line;
    std::vector<std::pair<std::int32_t, std::int32_t>> pairs;
    std::unordered_map<std::int32_t, std::int64_t> firstLine;
    std::int32_t maxUser = -1, maxItem = -1;
    while (lines.next(line)) {
        if (isBlank(line))
            continue;
        std::size_t pos = 0;
        bool first = true;
        std::int32_t user = 0;
        while (pos < line.size()) {
            while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t'))
                ++pos;
            if (pos >= line.size())
                break;
            auto end = pos;
            while (end < line.size() && line[end] != ' ' && line[end] != '\t')
                ++end;
            const auto tok = line.substr(pos, end - pos);
            pos = end;
            if (first) {
                user = parseDenseId(tok, path, lines.number(), "user");
                if (auto [it, added] = firstLine.try_emplace(user, lines.number()); !added)
                    throw Error::invalidInput("user " + std::to_string(user) + " already has a line (line "
                        + std::to_string(it->second) + "); the format is one line per user")
                        .inFile(path.string())
                        .atLine(lines.number())
                        .forField("user");
                maxUser = std::max(maxUser, user);
                first = false;
                continue;
            }
            const auto item = parseDenseId(tok, path, lines.number(), "item");
            maxItem = std::max(maxItem, item);
            pairs.emplace_back(user, item);
        }
    }
    if (maxUser < 0)
        throw Error::invalidInput("no users").inFile(path.string());
    return UserItems::fromPairs(maxUser + 1, maxItem + 1, std::move(pairs));
}

InteractionLog readRecBoleInter(const fs::path& path)
{
    const std::string text = fileText(path);
    Lines lines(text);
    std::string_view line;
    if (!lines.next(line) || isBlank(line))
        throw Error::invalidInput("missing the header line (name:type columns)").inFile(path.string()).atLine(1);
    const auto header = splitOn(line, "\t");
    int userCol = -1, itemCol = -1, ratingCol = -1, timeCol = -1;
    for (std::size_t c = 0; c < header.size(); ++c) {
        const auto col = trim(header[c]);
        const auto colon = col.find(':');
        if (colon == std::string_view::npos)
            throw Error::invalidInput("header column " + shown(col) + " is not name:type")
                .inFile(path.string())
                .atLine(1)
                .forField("header");
        const auto name = col.substr(0, colon);
        const auto type = col.substr(colon + 1);
        if (type != "token" && type != "float" && type != "token_seq" && type != "float_seq")
            throw Error::invalidInput("unknown column type " + shown(type) + " (token, float, token_seq, float_seq)")
                .inFile(path.string())
                .atLine(1)
                .forField(std::string(name));
        if (name == "user_id")
            userCol = static_cast<int>(c);
        else if (name == "item_id")
            itemCol = static_cast<int>(c);
        else if (name == "rating")
            ratingCol = static_cast<int>(c);
        else if (name == "timestamp")
            timeCol = static_cast<int>(c);
    }
    if (userCol < 0 || itemCol < 0)
        throw Error::invalidInput("the header needs user_id and item_id columns")
            .inFile(path.string())
            .atLine(1)
            .forField(userCol < 0 ? "user_id" : "item_id");
    InteractionLog log;
    log.hasRatings = ratingCol >= 0;
    log.hasTimestamps = timeCol >= 0;
    IdMap users, items;
    while (lines.next(line)) {
        if (isBlank(line))
            continue;
        const auto f = splitOn(line, "\t");
        if (f.size() != header.size())
            throw Error::invalidInput("expected " + std::to_string(header.size()) + " tab-separated fields, found "
                + std::to_string(f.size()))
                .inFile(path.string())
                .atLine(lines.number());
        Interaction r;
        const auto u = trim(f[static_cast<std::size_t>(userCol)]);
        const auto i = trim(f[static_cast<std::size_t>(itemCol)]);
        if (u.empty())
            throw Error::invalidInput("empty id").inFile(path.string()).atLine(lines.number()).forField("user_id");
        if (i.empty())
            throw Error::invalidInput("empty id").inFile(path.string()).atLine(lines.number()).forField("item_id");
        r.user = users(u);
        r.item = items(i);
        if (ratingCol >= 0)
            r.rating = parseNumber(f[static_cast<std::size_t>(ratingCol)], path, lines.number(), "rating");
        if (timeCol >= 0)
            r.timestamp = parseNumber(f[static_cast<std::size_t>(timeCol)], path, lines.number(), "timestamp");
        log.rows.push_back(r);
    }
    finishLog(log, users, items, path);
    return log;
}

InteractionLog readMovieLens(const fs::path& path)
{
    const std::string text = fileText(path);
    Lines lines(text);
    std::string_view line;
    InteractionLog log;
    log.hasRatings = true;
    log.hasTimestamps = true;
    IdMap users, items;
    const char* names[] = { "user", "item", "rating", "timestamp" };
    while (lines.next(line)) {
        if (isBlank(line))
            continue;
        const bool dat = line.find("::") != std::string_view::npos;
        const auto f = dat ? splitOn(line, "::") : splitOn(line, "\t");
        if (f.size() != 4)
            throw Error::invalidInput(std::string("expected 4 fields separated by ") + (dat ? "'::'" : "tabs")
                + " (user, item, rating, timestamp), found " + std::to_string(f.size()))
                .inFile(path.string())
                .atLine(lines.number());
        for (int c = 0; c < 2; ++c)
            if (trim(f[static_cast<std::size_t>(c)]).empty())
                throw Error::invalidInput("empty id").inFile(path.string()).atLine(lines.number()).forField(names[c]);
        Interaction r;
        r.user = users(trim(f[0]));
        r.item = items(trim(f[1]));
        r.rating = parseNumber(f[2], path, lines.number(), "rating");
        r.timestamp = parseNumber(f[3], path, lines.number(), "timestamp");
        log.rows.push_back(r);
    }
    finishLog(log, users, items, path);
    return log;
}

// The first of ',', ';' and tab the line holds; ',' when none.
char guessDelimiter(std::string_view line)
{
    for (char c : { ',', ';', '\t' })
        if (line.find(c) != std::string_view::npos)
            return c;
    return ',';
}

InteractionLog readCsv(const fs::path& path, const CsvOptions& options)
{
    const std::string text = fileText(path);
    Lines lines(text);
    std::string_view line;
    // The first non-blank line decides the delimiter and whether it is a header.
    std::int64_t firstNumber = 0;
    std::int64_t recordLine = 0;
    std::string_view first;
    char sepChar = options.delimiter;
    while (lines.nextRecord(line, recordLine, sepChar != 0 ? sepChar : guessDelimiter(lines.peek()), path.string()))
        if (!isBlank(line)) {
            first = line;
            firstNumber = recordLine;
            break;
        }
    if (firstNumber == 0)
        throw Error::invalidInput("no interactions").inFile(path.string());
    const std::string sep(1, options.delimiter != 0 ? options.delimiter : guessDelimiter(first));
    std::string scratch; // unquote()'s buffer for fields with "" in them
    const auto firstFields = splitCsv(first, sep[0]);
    std::vector<std::string> names;
    for (auto f : firstFields)
        names.emplace_back(unquote(f, scratch));
    const bool header = options.header == CsvOptions::Header::Present
        || (options.header == CsvOptions::Header::Auto && looksLikeCsvHeader(names));
    int userCol = 0, itemCol = 1, ratingCol = -1, timeCol = -1;
    const std::size_t columns = firstFields.size();
    if (header) {
        const CsvColumns c = pickCsvColumns(names);
        userCol = c.user;
        itemCol = c.item;
        ratingCol = c.rating;
        timeCol = c.timestamp;
        if (userCol < 0 || itemCol < 0)
            throw Error::invalidInput("the header names no " + std::string(userCol < 0 ? "user" : "item")
                + " column (user_id, userId, customer_id, ...; item_id, movieId, asin, ...); rename it, or "
                  "pass --csv-header no for user, item[, rating[, timestamp]] in that order")
                .inFile(path.string())
                .atLine(firstNumber)
                .forField(userCol < 0 ? "user" : "item");
    } else {
        if (columns < 2 || columns > 4)
            throw Error::invalidInput(
                "expected user, item[, rating[, timestamp]], found " + std::to_string(columns) + " fields")
                .inFile(path.string())
                .atLine(firstNumber);
        ratingCol = columns >= 3 ? 2 : -1;
        timeCol = columns >= 4 ? 3 : -1;
    }
    InteractionLog log;
    log.hasRatings = ratingCol >= 0;
    log.hasTimestamps = timeCol >= 0;
    IdMap users, items;
    auto parseRow = [&](std::string_view row, std::int64_t number) {
        const auto f = splitCsv(row, sep[0]);
        if (f.size() != columns)
            throw Error::invalidInput(
                "expected " + std::to_string(columns) + " fields, found " + std::to_string(f.size()))
                .inFile(path.string())
                .atLine(number);
        Interaction r;
        const auto u = unquote(f[static_cast<std::size_t>(userCol)], scratch);
        if (u.empty())
            throw Error::invalidInput("empty id").inFile(path.string()).atLine(number).forField("user");
        r.user = users(u);
        const auto i = unquote(f[static_cast<std::size_t>(itemCol)], scratch);
        if (i.empty())
            throw Error::invalidInput("empty id").inFile(path.string()).atLine(number).forField("item");
        r.item = items(i);
        if (ratingCol >= 0)
            r.rating = parseNumber(unquote(f[static_cast<std::size_t>(ratingCol)], scratch), path, number, "rating");
        if (timeCol >= 0)
            r.timestamp
                = parseNumber(unquote(f[static_cast<std::size_t>(timeCol)], scratch), path, number, "timestamp");
        else
            r.timestamp = static_cast<double>(number);
        log.rows.push_back(r);
    };
    if (!header)
        parseRow(first, firstNumber);
    while (lines.nextRecord(line, recordLine, sep[0], path.string()))
        if (!isBlank(line))
            parseRow(line, recordLine);
    finishLog(log, users, items, path);
    if (header) {
        log.columns = { { "user", names[static_cast<std::size_t>(userCol)] },
            { "item", names[static_cast<std::size_t>(itemCol)] } };
        if (ratingCol >= 0)
            log.columns["rating"] = names[static_cast<std::size_t>(ratingCol)];
        if (timeCol >= 0)
            log.columns["timestamp"] = names[static_cast<std::size_t>(timeCol)];
    }
    return log;
}

DataFormat detectFormat(const fs::path& path)
{
    if (fs::is_directory(path)) {
        if (fs::exists(path / "train.txt"))
            return DataFormat::UserLines;
        throw Error::invalidInput("a dataset directory needs train.txt and test.txt (one line per user); give a "
                                  "single interaction file for the other formats")
            .inFile(path.string());
    }
    // data.csv.gz is read as data.csv (every reader decompresses .gz).
    const auto plain = lower(path.extension().string()) == ".gz" ? path.stem() : path;
    const auto name = lower(plain.filename().string());
    const auto ext = lower(plain.extension().string());
    if (ext == ".inter")
        return DataFormat::RecBoleInter;
    if (name == "ratings.dat" || name == "u.data" || ext == ".dat")
        return DataFormat::MovieLens;
    if (ext == ".csv" || ext == ".tsv")
        return DataFormat::Csv;
    if (ext == ".txt")
        return DataFormat::UserLines;
    throw Error::invalidInput("cannot tell the format from the name; pass --format (lines, inter, movielens, csv)")
        .inFile(path.string());
}

Dataset datasetFromLog(const InteractionLog& log, const LoadOptions& options)
{
    // Keep the rows rated high enough, then index only the users and items that remain.
    InteractionLog kept;
    kept.source = log.source;
    kept.hasRatings = log.hasRatings;
    kept.hasTimestamps = log.hasTimestamps;
    std::vector<std::int32_t> userMap(log.userLabels.size(), -1), itemMap(log.itemLabels.size(), -1);
    for (const auto& r : log.rows) {
        if (log.hasRatings && r.rating < options.minRating)
            continue;
        auto& u = userMap[static_cast<std::size_t>(r.user)];
        if (u < 0) {
            u = static_cast<std::int32_t>(kept.userLabels.size());
            kept.userLabels.push_back(log.userLabels[static_cast<std::size_t>(r.user)]);
        }
        auto& i = itemMap[static_cast<std::size_t>(r.item)];
        if (i < 0) {
            i = static_cast<std::int32_t>(kept.itemLabels.size());
            kept.itemLabels.push_back(log.itemLabels[static_cast<std::size_t>(r.item)]);
        }
        kept.rows.push_back({ u, i, r.rating, r.timestamp });
    }
    if (kept.rows.empty())
        throw Error::invalidInput("no interaction has a rating of at least " + std::to_string(options.minRating))
            .inFile(log.source)
            .forField("min_rating");
    if (!log.hasRatings && std::isfinite(options.minRating))
        throw Error::invalidInput("a minimum rating was given, and this file has no rating column to filter on")
            .inFile(log.source)
            .forField("min_rating");
    // A (user, item) pair is one interaction however many rows name it: count the repeats, to say so.
    std::int64_t repeatedRows = 0;
    {
        std::vector<std::pair<std::int32_t, std::int32_t>> pairs;
        pairs.reserve(kept.rows.size());
        for (const auto& r : kept.rows)
            pairs.emplace_back(r.user, r.item);
        std::sort(pairs.begin(), pairs.end());
        repeatedRows = static_cast<std::int64_t>(pairs.end() - std::unique(pairs.begin(), pairs.end()));
    }
    if (options.split.method == SplitMethod::LeaveLastByTime && !log.hasTimestamps)
        throw Error::invalidInput("leave-last splitting needs timestamps, and this file has none")
            .inFile(log.source)
            .forField("split");
    auto [train, test] = splitLog(kept, options.split);
    Dataset d;
    d.name = options.path.stem().string();
    d.source = log.source;
    d.userLabels = std::move(kept.userLabels);
    d.itemLabels = std::move(kept.itemLabels);
    auto [fit, validation] = holdOutValidation(train, options.validationFraction, options.validationSeed);
    d.train = std::move(fit);
    d.validation = std::move(validation);
    d.balancedTest = buildBalancedTest(test, options.balancedPerItem, options.balancedSeed);
    d.test = std::move(test);
    d.notes
        = { { "split", options.split.method == SplitMethod::RandomPerUser ? "random per user" : "leave last by time" },
              { "balanced_test", "built: " + std::to_string(options.balancedPerItem) + " per item" },
              { "load", toJson(options) }, { "repeated_rows", repeatedRows } };
    if (!log.columns.empty())
        d.notes["columns"] = log.columns;
    checkDataset(d);
    return d;
}

namespace {

// The one-line-per-user format uses ids as indices: every id up to the largest gets a row of the
// model and of every per-user table, used or not. Ids that are mostly gaps (a few users numbered up
// to 50 000 000) would take memory for tens of millions of rows nobody has: refused, with the way out.
void checkDenseIds(
    std::initializer_list<const UserItems*> tables, std::int32_t users, std::int32_t items, const fs::path& path)
{
    constexpr std::int64_t kSmall = std::int64_t{ 1 } << 20; // any layout up to a million ids is fine
    constexpr std::int64_t kGaps = 64; // more ids than 64 per one in use: mostly gaps
    if (users <= kSmall && items <= kSmall)
        return;
    std::vector<char> userSeen(static_cast<std::size_t>(users), 0), itemSeen(static_cast<std::size_t>(items), 0);
    for (const UserItems* t : tables)
        for (std::int32_t u = 0; u < t->numUsers(); ++u)
            for (const auto i : t->items(u)) {
                userSeen[static_cast<std::size_t>(u)] = 1;
                itemSeen[static_cast<std::size_t>(i)] = 1;
            }
    const auto check = [&](const std::vector<char>& seen, const char* what) {
        const auto ids = static_cast<std::int64_t>(seen.size());
        const auto used = static_cast<std::int64_t>(std::count(seen.begin(), seen.end(), 1));
        if (ids > kSmall && ids > kGaps * std::max<std::int64_t>(used, 1))
            throw Error::invalidInput(std::string(what) + " ids go up to " + std::to_string(ids - 1) + " and only "
                + std::to_string(used) + " of them are used: this format uses ids as indices, so each id up to the "
                + "largest would take a row of the model; renumber the ids 0..N-1, or give the interactions as a CSV "
                + "file (user,item), whose ids are mapped")
                .inFile(path.string())
                .forField(what);
    };
    check(userSeen, "user");
    check(itemSeen, "item");
}

} // namespace

Dataset loadDataset(const LoadOptions& options, Progress& progress, const CancelToken& cancel)
{
    if (options.path.empty())
        throw Error::invalidInput("no dataset given").forField("dataset");
    if (!fs::exists(options.path))
        throw Error::invalidInput("no such file or directory").inFile(options.path.string());
    const DataFormat format = options.format == DataFormat::Auto ? detectFormat(options.path) : options.format;
    progress.report(0.0, "reading " + options.path.filename().string());
    if (format != DataFormat::UserLines) {
        InteractionLog log;
        if (format == DataFormat::RecBoleInter)
            log = readRecBoleInter(options.path);
        else if (format == DataFormat::MovieLens)
            log = readMovieLens(options.path);
        else
            log = readCsv(options.path, options.csv);
        cancel.throwIfCancelled();
        progress.report(0.7, "splitting");
        Dataset d = datasetFromLog(log, options);
        progress.report(1.0, "loaded");
        return d;
    }

    const bool dir = fs::is_directory(options.path);
    const fs::path trainPath = dir ? options.path / "train.txt" : options.path;
    const fs::path folder = trainPath.parent_path();
    const fs::path testPath = !options.testPath.empty() ? options.testPath : folder / "test.txt";
    fs::path balancedPath = options.balancedTestPath;
    if (balancedPath.empty() && fs::exists(folder / "balance_test.txt"))
        balancedPath = folder / "balance_test.txt";
    if (!fs::exists(testPath))
        throw Error::invalidInput(
            "no test file beside the training file (expected " + testPath.filename().string() + ", or pass one)")
            .inFile(testPath.string());

    if (std::isfinite(options.minRating))
        throw Error::invalidInput("a minimum rating was given, and one-line-per-user files hold no ratings")
            .inFile(trainPath.string())
            .forField("min_rating");
    UserItems train = readUserLines(trainPath);
    cancel.throwIfCancelled();
    progress.report(0.4, "reading " + testPath.filename().string());
    UserItems test = readUserLines(testPath);
    cancel.throwIfCancelled();
    UserItems balanced;
    if (!balancedPath.empty()) {
        progress.report(0.7, "reading " + balancedPath.filename().string());
        balanced = readUserLines(balancedPath);
        cancel.throwIfCancelled();
    }
    const auto users = std::max({ train.numUsers(), test.numUsers(), balanced.numUsers() });
    const auto items = std::max({ train.numItems(), test.numItems(), balanced.numItems() });
    checkDenseIds({ &train, &test, &balanced }, users, items, trainPath);
    train = train.resized(users, items);
    test = test.resized(users, items);
    Dataset d;
    d.name = dir ? fs::absolute(options.path).lexically_normal().filename().string() : folder.filename().string();
    if (d.name.empty())
        d.name = trainPath.stem().string();
    d.source = dir ? options.path.string() : trainPath.string();
    auto [fit, validation] = holdOutValidation(train, options.validationFraction, options.validationSeed);
    d.train = std::move(fit);
    d.validation = std::move(validation);
    if (!balancedPath.empty()) {
        d.balancedTest = balanced.resized(users, items);
        if (const auto extra = d.balancedTest.size() - d.balancedTest.overlap(test); extra > 0)
            throw Error::invalidInput(std::to_string(extra) + " balanced-test interactions are not in the test set")
                .inFile(balancedPath.string());
    } else {
        d.balancedTest = buildBalancedTest(test, options.balancedPerItem, options.balancedSeed);
    }
    d.test = std::move(test);
    d.notes = { { "split", "given files" }, { "train_file", trainPath.string() }, { "test_file", testPath.string() },
        { "balanced_test",
            balancedPath.empty() ? "built: " + std::to_string(options.balancedPerItem) + " per item"
                                 : "file: " + balancedPath.string() },
        { "load", toJson(options) } };
    checkDataset(d);
    progress.report(1.0, "loaded");
    return d;
}

Json toJson(const LoadOptions& o)
{
    auto path
        = [](const fs::path& p) { return p.empty() ? std::string() : fs::absolute(p).lexically_normal().string(); };
    return { { "path", path(o.path) }, { "format", enumName(o.format) }, { "test", path(o.testPath) },
        { "balanced_test", path(o.balancedTestPath) },
        { "min_rating", std::isfinite(o.minRating) ? Json(o.minRating) : Json(nullptr) },
        { "csv_delimiter", o.csv.delimiter == 0 ? std::string() : std::string(1, o.csv.delimiter) },
        { "csv_header",
            o.csv.header == CsvOptions::Header::Present      ? "yes"
                : o.csv.header == CsvOptions::Header::Absent ? "no"
                                                             : "auto" },
        { "split", o.split.method == SplitMethod::RandomPerUser ? "random" : "leave-last" },
        { "test_fraction", o.split.testFraction }, { "leave_last", o.split.leaveLast }, { "split_seed", o.split.seed },
        { "validation_fraction", o.validationFraction }, { "validation_seed", o.validationSeed },
        { "balanced_per_item", o.balancedPerItem }, { "balanced_seed", o.balancedSeed } };
}

LoadOptions loadOptionsFromJson(const Json& j, const std::string& where)
{
    LoadOptions o;
    o.path = jsonField<std::string>(j, "path", where);
    o.format = enumFromName<DataFormat>(jsonFieldOr<std::string>(j, "format", "auto", where));
    o.testPath = jsonFieldOr<std::string>(j, "test", "", where);
    o.balancedTestPath = jsonFieldOr<std::string>(j, "balanced_test", "", where);
    if (j.contains("min_rating") && !j["min_rating"].is_null())
        o.minRating = jsonField<double>(j, "min_rating", where);
    const auto delimiter = jsonFieldOr<std::string>(j, "csv_delimiter", "", where);
    o.csv.delimiter = delimiter.empty() ? 0 : delimiter[0];
    const auto header = jsonFieldOr<std::string>(j, "csv_header", "auto", where);
    o.csv.header = header == "yes" ? CsvOptions::Header::Present
        : header == "no"           ? CsvOptions::Header::Absent
                                   : CsvOptions::Header::Auto;
    const auto split = jsonFieldOr<std::string>(j, "split", "random", where);
    if (split != "random" && split != "leave-last")
        throw Error::invalidInput("unknown split '" + split + "' (random, leave-last)").forField("split").inOp(where);
    o.split.method = split == "random" ? SplitMethod::RandomPerUser : SplitMethod::LeaveLastByTime;
    o.split.testFraction = jsonFieldOr(j, "test_fraction", o.split.testFraction, where);
    o.split.leaveLast = jsonFieldOr(j, "leave_last", o.split.leaveLast, where);
    o.split.seed = jsonFieldOr(j, "split_seed", o.split.seed, where);
    o.validationFraction = jsonFieldOr(j, "validation_fraction", o.validationFraction, where);
    o.validationSeed = jsonFieldOr(j, "validation_seed", o.validationSeed, where);
    o.balancedPerItem = jsonFieldOr(j, "balanced_per_item", o.balancedPerItem, where);
    o.balancedSeed = jsonFieldOr(j, "balanced_seed", o.balancedSeed, where);
    return o;
}

Dataset reloadDataset(const Json& notes, Progress& progress, const CancelToken& cancel)
{
    if (notes.is_object() && notes.contains("load"))
        return loadDataset(loadOptionsFromJson(notes["load"], "dataset notes"), progress, cancel);
    if (notes.is_object() && notes.value("generator", "") == "synthetic")
        return generateSynthetic(syntheticOptionsFromJson(notes, "dataset notes"));
    throw Error::invalidInput("the dataset notes say neither how it was loaded nor how it was generated");
}

} // namespace vantage::ppac
