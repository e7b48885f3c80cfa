// core/common/buffer: a mapped input that another program truncates while it is read ends the
// process with exit 2 and a message naming the file (not a crash by SIGBUS), whatever its size,
// the new length and the page read; a SIGBUS outside Vantage's mappings keeps its usual effect.
// Each case runs in a forked child, which is what the fault ends.

#include "common/buffer.h"

#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <vector>

using namespace vantage;

namespace {

void writeFile(const std::string& path, std::size_t bytes)
{
    std::ofstream out(path, std::ios::binary);
    std::vector<char> block(1 << 16, 'x');
    for (std::size_t left = bytes; left > 0;) {
        const std::size_t n = std::min(left, block.size());
        out.write(block.data(), static_cast<std::streamsize>(n));
        left -= n;
    }
}

struct ChildEnd {
    int status = 0;
    std::string err;
};

// Runs `body` in a child with its stderr captured; the child exits 0 if `body` returns.
template <typename Body> ChildEnd inChild(Body body)
{
    int fds[2];
    if (::pipe(fds) != 0)
        qFatal("pipe");
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(fds[1], STDERR_FILENO);
        ::close(fds[0]);
        body();
        ::_exit(0);
    }
    ::close(fds[1]);
    ChildEnd end;
    char buf[4096];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;)
        end.err.append(buf, static_cast<std::size_t>(n));
    ::close(fds[0]);
    ::waitpid(pid, &end.status, 0);
    return end;
}

} // namespace

class TestBuffer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void truncatedMappedFileNamesTheFile_data()
    {
        QTest::addColumn<qint64>("size");
        QTest::addColumn<qint64>("truncateTo");
        QTest::addColumn<qint64>("offset"); // the mapping starts here
        for (qint64 size : { qint64(64) << 10, qint64(1) << 20, qint64(24) << 20 })
            for (qint64 to : { qint64(0), size / 2, qint64(4096) })
                for (qint64 offset : { qint64(0), qint64(128) })
                    QTest::newRow(qPrintable(QString("%1 B to %2 B from %3").arg(size).arg(to).arg(offset)))
                        << size << to << offset;
    }
    void truncatedMappedFileNamesTheFile()
    {
        QFETCH(qint64, size);
        QFETCH(qint64, truncateTo);
        QFETCH(qint64, offset);
        QTemporaryDir dir;
        const std::string path = dir.filePath("indices.npy").toStdString();
        writeFile(path, static_cast<std::size_t>(size));
        const ChildEnd end = inChild([&] {
            Buffer b = Buffer::mapFile(path, static_cast<std::size_t>(offset), static_cast<std::size_t>(size - offset));
            ::truncate(path.c_str(), truncateTo);
            volatile const std::byte* last = b.data() + b.size() - 1;
            (void)*last; // a page past the new end
        });
        QVERIFY2(WIFEXITED(end.status) && WEXITSTATUS(end.status) == 2,
            qPrintable(QString("status %1, stderr: %2").arg(end.status).arg(QString::fromStdString(end.err))));
        QVERIFY2(end.err.find(path) != std::string::npos && end.err.find("became shorter") != std::string::npos,
            end.err.c_str());
    }

    void untouchedMappingsReadNormally()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("whole.bin").toStdString();
        writeFile(path, 1 << 20);
        const ChildEnd end = inChild([&] {
            Buffer b = Buffer::mapFile(path, 0, 1 << 20);
            for (std::size_t i = 0; i < b.size(); i += 4096)
                if (b.data()[i] != std::byte{ 'x' })
                    ::_exit(3);
        });
        QVERIFY(WIFEXITED(end.status) && WEXITSTATUS(end.status) == 0);
        QVERIFY(end.err.empty());
    }

    void faultsOutsideVantageMappingsStaySignals()
    {
        QTemporaryDir dir;
        const std::string ours = dir.filePath("ours.bin").toStdString();
        const std::string theirs = dir.filePath("theirs.bin").toStdString();
        writeFile(ours, 1 << 16);
        writeFile(theirs, 1 << 16);
        const ChildEnd end = inChild([&] {
            Buffer b = Buffer::mapFile(ours, 0, 1 << 16); // installs the handler
            const int fd = ::open(theirs.c_str(), O_RDONLY);
            void* p = ::mmap(nullptr, 1 << 16, PROT_READ, MAP_SHARED, fd, 0);
            ::truncate(theirs.c_str(), 0);
            volatile const char* q = static_cast<const char*>(p) + (1 << 15);
            (void)*q;
        });
        QVERIFY2(WIFSIGNALED(end.status) && WTERMSIG(end.status) == SIGBUS, qPrintable(QString::number(end.status)));
        QVERIFY(end.err.find("became shorter") == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestBuffer)
#include "tst_buffer.moc"
