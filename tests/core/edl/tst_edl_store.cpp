// core/edl/store_host (the job's rendezvous store), the replay guard of every listener, and the
// claim of a job on its folder: the store serves its members only, bounds what they store, keeps
// serving them while strangers on its port send nothing, garbage or far too much, and refuses a
// replayed request; a second job on a running job's folder is refused.

#include "common/error.h"
#include "edl/launcher.h"
#include "edl/protocol.h"
#include "edl/store_host.h"
#include "edl/transport.h"

#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <atomic>
#include <fstream>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <zmq.hpp>

using namespace vantage;
using namespace vantage::edl;
namespace fs = std::filesystem;

namespace {

Message request(std::string type, Json body)
{
    Message m;
    m.type = std::move(type);
    m.body = std::move(body);
    return m;
}

std::string hex(const std::string& s)
{
    return vantage::edl::detail::hexEncode(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
}

int connectTo(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(static_cast<std::uint16_t>(port));
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

void sendAll(int fd, const std::string& bytes)
{
    std::size_t off = 0;
    while (off < bytes.size()) {
        const ssize_t n = ::send(fd, bytes.data() + off, bytes.size() - off, MSG_NOSIGNAL);
        if (n <= 0)
            return; // the store dropped us: what it should do
        off += static_cast<std::size_t>(n);
    }
}

// A ZeroMQ (ZMTP 3.0) greeting and READY, as a DEALER peer would send them: what gets a stranger
// past the handshake, so that what follows reaches the frame decoder.
std::string zmtpHello()
{
    std::string greeting("\xff\0\0\0\0\0\0\0\x01\x7f\x03\x00NULL", 16);
    greeting += std::string(64 - greeting.size(), '\0');
    std::string ready("\x05READY\x0bSocket-Type\0\0\0\x06"
                      "DEALER",
        28);
    return greeting + "\x04" + std::string(1, static_cast<char>(ready.size())) + ready;
}

// A long frame header announcing `bytes`.
std::string frameHeader(std::uint64_t bytes)
{
    std::string h("\x02");
    for (int i = 7; i >= 0; --i)
        h.push_back(static_cast<char>((bytes >> (8 * i)) & 0xff));
    return h;
}

// What a stranger on the store's port does, on its own thread, until `stop`: the way LibTorch's
// TCPStore was blocked (a SET announced and never sent), announcing a huge value, garbage, a
// byte at a time, a valid greeting followed by a frame that never ends, a properly framed request
// with a wrong token, and hundreds of idle connections.
void stranger(const QString& kind, int port, const std::atomic<bool>& stop)
{
    std::vector<int> fds;
    auto open = [&] {
        const int fd = connectTo(port);
        if (fd >= 0)
            fds.push_back(fd);
        return fd;
    };
    if (kind == "half-sent SET") {
        // TCPStore 1.13: query type SET (0), then the key's length, and nothing more.
        sendAll(open(), std::string("\x00\x08\x00\x00\x00\x00\x00\x00\x00", 9));
    } else if (kind == "huge SET") {
        const int fd = open();
        sendAll(fd, zmtpHello() + frameHeader(300u << 20));
        const std::string chunk(8 << 20, 'x');
        for (int i = 0; i < 40 && !stop; ++i)
            sendAll(fd, chunk);
    } else if (kind == "garbage") {
        std::string junk(64 << 10, '\0');
        for (std::size_t i = 0; i < junk.size(); ++i)
            junk[i] = static_cast<char>((i * 2654435761u) >> 13);
        while (!stop) {
            const int fd = open();
            sendAll(fd, junk);
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    } else if (kind == "slowloris") {
        const int fd = open();
        const std::string hello = zmtpHello() + frameHeader(100000);
        for (std::size_t i = 0; !stop; ++i) {
            sendAll(fd, std::string(1, hello[i % hello.size()]));
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    } else if (kind == "endless frame") {
        sendAll(open(), zmtpHello() + frameHeader(kMaxStoreFrameBytes - 1) + std::string(1000, 'y'));
    } else if (kind == "wrong token") {
        while (!stop) {
            Channel c("tcp://127.0.0.1:" + std::to_string(port), newToken(), "stranger");
            try {
                c.request(request("store_set", { { "key", "x" }, { "value", "00" } }), 2.0);
            } catch (const Error&) { }
        }
    } else if (kind == "many idle connections") {
        for (int i = 0; i < 300; ++i)
            open();
    }
    while (!stop)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    for (int fd : fds)
        ::close(fd);
}

std::size_t residentKiB()
{
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);)
        if (line.starts_with("VmRSS:"))
            return std::stoul(line.substr(6));
    return 0;
}

} // namespace

class TestStore : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // What c10d asks of a store, through the authenticated transport.
    void membersRendezvous()
    {
        const std::string token = newToken();
        StoreHost host(StoreHostOptions{ .token = token });
        const std::string ep = "tcp://127.0.0.1:" + std::to_string(host.port());
        const std::string p = host.generationPrefix(1);
        Channel a(ep, token, "w0/store"), b(ep, token, "w1/store");
        // b waits for a key that a sets later: the wait is answered when it appears.
        std::thread waiter([&] {
            const Message r = b.request(request("store_get", { { "key", p + "addr0" }, { "timeout_ms", 5000 } }), 10);
            QCOMPARE(r.body["value"].get<std::string>(), hex("10.0.0.1:4000"));
        });
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        a.request(request("store_set", { { "key", p + "addr0" }, { "value", hex("10.0.0.1:4000") } }), 5);
        waiter.join();
        QCOMPARE(
            a.request(request("store_add", { { "key", p + "n" }, { "delta", 2 } }), 5).body["value"].get<int>(), 2);
        QCOMPARE(
            b.request(request("store_add", { { "key", p + "n" }, { "delta", 3 } }), 5).body["value"].get<int>(), 5);
        QCOMPARE(
            a.request(request("store_check", { { "keys", { p + "n", p + "addr0" } } }), 5).body["ready"].get<bool>(),
            true);
        QCOMPARE(
            a.request(request("store_check", { { "keys", { p + "n", p + "none" } } }), 5).body["ready"].get<bool>(),
            false);
        // compareSet as c10d defines it.
        auto cas = [&](const std::string& key, const std::string& expected, const std::string& desired) {
            return a
                .request(request("store_cas",
                             { { "key", p + key }, { "expected", hex(expected) }, { "desired", hex(desired) } }),
                    5)
                .body["value"]
                .get<std::string>();
        };
        QCOMPARE(cas("c", "", "one"), hex("one"));
        QCOMPARE(cas("c", "two", "three"), hex("one"));
        QCOMPARE(cas("c", "one", "three"), hex("three"));
        QCOMPARE(cas("missing", "x", "y"), hex("x"));
        QCOMPARE(a.request(request("store_count", Json::object()), 5).body["count"].get<int>(), 3);
        QCOMPARE(a.request(request("store_delete", { { "key", p + "c" } }), 5).body["deleted"].get<bool>(), true);
        QCOMPARE(a.request(request("store_delete", { { "key", p + "c" } }), 5).body["deleted"].get<bool>(), false);
        // A wait for a key nobody sets ends at its own deadline, as an error.
        try {
            a.request(request("store_wait", { { "keys", { p + "never" } }, { "timeout_ms", 300 } }), 10);
            QFAIL("a wait for a missing key returned");
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).find("timed out") != std::string::npos, e.what());
        }
        // The keys of generation 1 are forgotten once generation 2 has formed.
        a.request(request("store_set", { { "key", host.generationPrefix(2) + "k" }, { "value", "00" } }), 5);
        host.forgetGenerationsBefore(2);
        QCOMPARE(host.keys(), std::size_t(1));
    }

    // Requests a member must not make (or a stranger tries): each refused, the store goes on.
    void refusals_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("body");
        QTest::addColumn<bool>("rightToken");
        QTest::addColumn<QString>("message");
        QTest::newRow("wrong token") << "store_set"
                                     << "{\"key\": \"@k\", \"value\": \"00\"}" << false << "token";
        QTest::newRow("key outside the job") << "store_set"
                                             << "{\"key\": \"other/k\", \"value\": \"00\"}" << true << "prefix";
        QTest::newRow("value over 64 KiB") << "store_set"
                                           << "BIG" << true << "limit";
        QTest::newRow("key over 1 KiB") << "store_get"
                                        << "LONGKEY" << true << "limit";
        QTest::newRow("not hex") << "store_set"
                                 << "{\"key\": \"@k\", \"value\": \"zz\"}" << true << "hex";
        QTest::newRow("odd hex") << "store_set"
                                 << "{\"key\": \"@k\", \"value\": \"abc\"}" << true << "even";
        QTest::newRow("add to text") << "store_add"
                                     << "{\"key\": \"@text\", \"delta\": 1}" << true << "number";
        QTest::newRow("add overflows") << "store_add"
                                       << "{\"key\": \"@max\", \"delta\": 1}" << true << "overflow";
        QTest::newRow("keys not a list") << "store_check"
                                         << "{\"keys\": \"@k\"}" << true << "list";
        QTest::newRow("unknown request") << "store_list"
                                         << "{}" << true << "not a store request";
    }
    void refusals()
    {
        QFETCH(QString, type);
        QFETCH(QString, body);
        QFETCH(bool, rightToken);
        QFETCH(QString, message);
        const std::string token = newToken();
        StoreHost host(StoreHostOptions{ .token = token });
        const std::string ep = "tcp://127.0.0.1:" + std::to_string(host.port());
        const std::string p = host.generationPrefix(1);
        Channel member(ep, token, "w0/store");
        member.request(request("store_set", { { "key", p + "text" }, { "value", hex("abc") } }), 5);
        member.request(request("store_set", { { "key", p + "max" }, { "value", hex(std::to_string(INT64_MAX)) } }), 5);
        std::string text = body.toStdString();
        if (text == "BIG")
            text = "{\"key\": \"@k\", \"value\": \"" + std::string(2 * (kMaxStoreValueBytes + 1), 'a') + "\"}";
        if (text == "LONGKEY")
            text = "{\"key\": \"@" + std::string(kMaxStoreKeyBytes, 'k') + "\"}";
        for (std::size_t at; (at = text.find('@')) != std::string::npos;)
            text.replace(at, 1, p);
        Channel c(ep, rightToken ? token : newToken(), "w0/store");
        try {
            c.request(request(type.toStdString(), Json::parse(text)), 5);
            QFAIL("accepted");
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).find(message.toStdString()) != std::string::npos, e.what());
        }
        QCOMPARE(host.keys(), std::size_t(2)); // nothing was stored
        QCOMPARE(member.request(request("store_get", { { "key", p + "text" } }), 5).body["value"].get<std::string>(),
            hex("abc"));
    }

    // Strangers on the store's port while members rendezvous: every member request is answered,
    // promptly, and nothing a stranger sends is held (the process's memory stays where it was).
    void strangersBlockNobody_data()
    {
        QTest::addColumn<QString>("kind");
        for (const char* k : { "half-sent SET", "huge SET", "garbage", "slowloris", "endless frame", "wrong token",
                 "many idle connections" })
            QTest::newRow(k) << QString(k);
    }
    void strangersBlockNobody()
    {
        QFETCH(QString, kind);
        const std::string token = newToken();
        StoreHost host(StoreHostOptions{ .token = token, .peerSilenceS = 2.0 });
        const std::size_t rssBefore = residentKiB();
        std::atomic<bool> stop{ false };
        std::thread t([&] { stranger(kind, host.port(), stop); });
        std::this_thread::sleep_for(std::chrono::milliseconds(300)); // the stranger is at it
        const std::string ep = "tcp://127.0.0.1:" + std::to_string(host.port());
        for (int round = 0; round < 20; ++round) {
            // Each round is a generation's rendezvous of two members, on fresh connections.
            const std::string p = host.generationPrefix(round + 1);
            Channel a(ep, token, "w0/store"), b(ep, token, "w1/store");
            a.request(request("store_set", { { "key", p + "0" }, { "value", hex("rank0") } }), 2.0);
            const Message r = b.request(request("store_get", { { "key", p + "0" }, { "timeout_ms", 2000 } }), 2.0);
            QCOMPARE(r.body["value"].get<std::string>(), hex("rank0"));
            host.forgetGenerationsBefore(round + 1);
        }
        stop = true;
        t.join();
        QVERIFY(host.keys() <= 1);
        const std::size_t grownKiB = residentKiB() > rssBefore ? residentKiB() - rssBefore : 0;
        QVERIFY2(grownKiB < 64 * 1024, qPrintable(QString("the store grew by %1 KiB").arg(grownKiB)));
    }

    // A request seen before is refused, on the store as on the control socket.
    void replayIsRefused()
    {
        const std::string token = newToken();
        StoreHost host(StoreHostOptions{ .token = token });
        const std::string p = host.generationPrefix(1);
        Message m = request("store_add", { { "key", p + "n" }, { "delta", 1 } });
        m.token = token;
        m.session = newSessionId();
        m.request = 1;
        m.sentMs = wallClockMs();
        const std::string frame = encode(m);
        zmq::context_t zc(1);
        auto sendRaw = [&](const std::string& bytes) {
            zmq::socket_t raw(zc, zmq::socket_type::dealer); // a new connection each time, as an attacker would
            raw.set(zmq::sockopt::linger, 0);
            raw.connect("tcp://127.0.0.1:" + std::to_string(host.port()));
            (void)raw.send(zmq::buffer(bytes), zmq::send_flags::none);
            zmq::pollitem_t item{ raw.handle(), 0, ZMQ_POLLIN, 0 };
            if (zmq::poll(&item, 1, std::chrono::milliseconds(5000)) != 1)
                return Message{};
            zmq::message_t reply;
            (void)raw.recv(reply);
            return decode(reply.to_string_view());
        };
        const Message first = sendRaw(frame);
        QCOMPARE(first.type, std::string(msg::Ack));
        QCOMPARE(first.body["value"].get<int>(), 1);
        const Message again = sendRaw(frame);
        QCOMPARE(again.type, std::string(msg::Error));
        QCOMPARE(again.body["code"].get<std::string>(), std::string("replayed"));
        Channel member("tcp://127.0.0.1:" + std::to_string(host.port()), token, "w0/store");
        QCOMPARE(
            member.request(request("store_add", { { "key", p + "n" }, { "delta", 0 } }), 5).body["value"].get<int>(),
            1);
    }

    void replayGuard_data()
    {
        QTest::addColumn<QString>("session");
        QTest::addColumn<qint64>("request");
        QTest::addColumn<qint64>("ageMs"); // how long before "now" the sender's clock says it was sent
        QTest::addColumn<bool>("admitted");
        QTest::newRow("next request") << "s1" << qint64(8) << qint64(0) << true;
        QTest::newRow("same request again") << "s1" << qint64(7) << qint64(0) << false;
        QTest::newRow("an earlier request") << "s1" << qint64(3) << qint64(0) << false;
        QTest::newRow("a new session") << "s2" << qint64(1) << qint64(0) << true;
        QTest::newRow("request 0") << "s3" << qint64(0) << qint64(0) << false;
        QTest::newRow("no session") << "" << qint64(5) << qint64(0) << false;
        QTest::newRow("sent 4 min ago") << "s4" << qint64(1) << qint64(240'000) << true;
        QTest::newRow("sent 6 min ago") << "s5" << qint64(1) << qint64(360'000) << false;
        QTest::newRow("from 6 min ahead") << "s6" << qint64(1) << qint64(-360'000) << false;
    }
    void replayGuard()
    {
        QFETCH(QString, session);
        QFETCH(qint64, request);
        QFETCH(qint64, ageMs);
        QFETCH(bool, admitted);
        ReplayGuard g;
        const std::int64_t now = 1'800'000'000'000;
        Message seen;
        seen.session = "s1";
        seen.request = 7;
        seen.sentMs = now;
        QVERIFY(g.admit(seen, now).accepted());
        Message m;
        m.session = session.toStdString();
        m.request = request;
        m.sentMs = now - ageMs;
        const Verdict v = g.admit(m, now);
        QCOMPARE(v.accepted(), admitted);
        if (!admitted)
            QCOMPARE(v.rejection, Rejection::Replayed);
        // A session forgotten after the window cannot be replayed: its messages are too old by then.
        if (admitted && ageMs == 0) {
            QVERIFY(!g.admit(m, now + ReplayGuard::kReplayWindowMs + 60'000).accepted());
            QVERIFY(g.sessions() <= 2);
        }
    }

    // One job per folder: the lock names the folder and the job, and dies with its holder.
    void oneJobPerFolder()
    {
        QTemporaryDir dir;
        const fs::path d = dir.path().toStdString();
        writeJsonFile(d / "job.json",
            { { "endpoint", "tcp://127.0.0.1:5" }, { "token", "t" }, { "job", "cafe01" }, { "leader_pid", 4242 } });
        {
            JobFolderLock first(d);
            for (int attempt = 0; attempt < 2; ++attempt) {
                try {
                    if (attempt == 0)
                        JobFolderLock second(d);
                    else
                        JobFolderLock::checkFree(d);
                    QFAIL("a second job took a folder in use");
                } catch (const Error& e) {
                    QCOMPARE(e.kind(), Error::Kind::InvalidInput);
                    const std::string w = e.what();
                    QVERIFY2(w.find(d.string()) != std::string::npos && w.find("cafe01") != std::string::npos
                            && w.find("4242") != std::string::npos,
                        e.what());
                }
            }
            // Another process sees the same: flock is per open file, not per process.
            const pid_t child = ::fork();
            if (child == 0) {
                try {
                    JobFolderLock::checkFree(d);
                    ::_exit(0);
                } catch (const Error&) {
                    ::_exit(7);
                }
            }
            int status = 0;
            ::waitpid(child, &status, 0);
            QCOMPARE(WEXITSTATUS(status), 7);
        }
        JobFolderLock::checkFree(d); // released with its holder
        JobFolderLock again(d);
    }
};

QTEST_GUILESS_MAIN(TestStore)
#include "tst_edl_store.moc"
