#include "report/zip_export.h"

#include "common/error.h"
#include "common/json.h"
#include "report/csv_export.h"

#include <archive.h>
#include <archive_entry.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>

#include <unistd.h>

namespace vantage::report {

namespace fs = std::filesystem;

namespace {

// A folder (or file) removed when the export ends, however it ends.
struct Scratch {
    fs::path path;
    ~Scratch()
    {
        std::error_code ec;
        if (!path.empty())
            fs::remove_all(path, ec);
    }
};

struct ArchiveCloser {
    void operator()(archive* a) const { archive_write_free(a); }
};

[[noreturn]] void archiveError(archive* a, const fs::path& where, const std::string& what)
{
    const char* msg = archive_error_string(a);
    throw Error::failure("cannot write the zip archive: " + what + (msg ? std::string(": ") + msg : std::string()))
        .inFile(where.string());
}

} // namespace

ZipExport writeCsvZip(const store::Session& session, const ReportOptions& options, const fs::path& archivePath)
{
    const OutputTarget resolved = resolveOutput(archivePath); // a link is followed; a missing folder refused
    if (resolved.inPlace)
        throw Error::invalidInput("is not a regular file; a zip archive is written to a file")
            .inFile(archivePath.string());
    const fs::path target = fs::absolute(resolved.file);
    const fs::path dir = target.parent_path();
    std::error_code ec;
    std::string top = target.stem().string();
    if (top.empty() || top == "." || top == "..")
        top = "report";

    // Lay the files out beside the archive (same file system, so the rename below is atomic).
    std::string pattern = (dir / (".vantage-zip-XXXXXX")).string();
    if (!::mkdtemp(pattern.data()))
        throw Error::failure(std::string("cannot create a temporary folder: ") + std::strerror(errno)).inFile(pattern);
    Scratch scratch{ pattern };
    const fs::path folder = scratch.path / top;
    const CsvExport csv = writeCsv(session, options, folder);

    Scratch partial{ fs::path(target.string() + ".partial") };
    std::unique_ptr<archive, ArchiveCloser> zip(archive_write_new());
    if (!zip)
        throw Error::failure("cannot start a zip archive (out of memory)").inFile(target.string());
    if (archive_write_set_format_zip(zip.get()) != ARCHIVE_OK)
        archiveError(zip.get(), target, "zip format");
    if (archive_write_open_filename(zip.get(), partial.path.c_str()) != ARCHIVE_OK)
        archiveError(zip.get(), partial.path, "cannot create the file");

    ZipExport out{ target, {} };
    std::vector<char> buffer(1 << 16);
    for (const fs::path& file : csv.files) {
        const std::string name = (fs::path(top) / fs::relative(file, folder)).generic_string();
        std::ifstream in(file, std::ios::binary);
        if (!in)
            throw Error::failure("cannot read a file laid out for the archive").inFile(file.string());
        const auto size = fs::file_size(file);
        std::unique_ptr<archive_entry, decltype(&archive_entry_free)> entry(archive_entry_new(), &archive_entry_free);
        archive_entry_set_pathname(entry.get(), name.c_str());
        archive_entry_set_size(entry.get(), static_cast<la_int64_t>(size));
        archive_entry_set_filetype(entry.get(), AE_IFREG);
        archive_entry_set_perm(entry.get(), 0644);
        archive_entry_set_mtime(entry.get(), std::time(nullptr), 0);
        if (archive_write_header(zip.get(), entry.get()) != ARCHIVE_OK)
            archiveError(zip.get(), partial.path, name);
        while (in) {
            in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
            const std::streamsize got = in.gcount();
            if (got > 0 && archive_write_data(zip.get(), buffer.data(), static_cast<std::size_t>(got)) != got)
                archiveError(zip.get(), partial.path, name);
        }
        out.entries.push_back(name);
    }
    if (archive_write_close(zip.get()) != ARCHIVE_OK)
        archiveError(zip.get(), partial.path, "closing");
    fs::rename(partial.path, target, ec);
    if (ec)
        throw Error::failure("cannot move the finished archive into place: " + ec.message()).inFile(target.string());
    partial.path.clear();
    return out;
}

} // namespace vantage::report
