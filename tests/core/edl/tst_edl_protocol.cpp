// core/edl/protocol, job, transport: the control-plane schema (versions, tokens, generations), the
// job spec and its JSON, the schedule and fault syntax, and the ZeroMQ ends talking to each other.

#include "common/error.h"
#include "edl/job.h"
#include "edl/leader.h"
#include "edl/protocol.h"
#include "edl/store_host.h"
#include "edl/timeline.h"
#include "edl/transport.h"

#include <QElapsedTimer>
#include <QTest>

#include <arpa/inet.h>
#include <cerrno>
#include <cmath>
#include <ifaddrs.h>
#include <net/if.h>
#include <set>
#include <thread>
#include <unistd.h>

using namespace vantage;
using namespace vantage::edl;

Q_DECLARE_METATYPE(vantage::edl::Rejection)

namespace {

Message message(std::string type, std::int64_t gen, std::string token = "t0k3n", int version = kProtocolVersion)
{
    Message m;
    m.version = version;
    m.type = std::move(type);
    m.token = std::move(token);
    m.generation = gen;
    m.sender = "w1";
    m.request = 4;
    return m;
}

} // namespace

class TestProtocol : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundTrip()
    {
        Message m = message("step_done", 3);
        m.job = "abcd";
        m.body = { { "step", 17 }, { "loss_sum", 1.5 }, { "sample_ids", { 1, 2, 3 } } };
        m.session = "0123456789abcdef";
        m.sentMs = 1'800'000'000'123;
        const Message d = decode(encode(m));
        QCOMPARE(d.version, kProtocolVersion);
        QCOMPARE(d.type, m.type);
        QCOMPARE(d.token, m.token);
        QCOMPARE(d.job, m.job);
        QCOMPARE(d.generation, 3);
        QCOMPARE(d.sender, m.sender);
        QCOMPARE(d.request, 4);
        QCOMPARE(d.session, m.session);
        QCOMPARE(d.sentMs, m.sentMs);
        QVERIFY2(d.body == m.body, d.body.dump().c_str());
        // The wire form is one JSON object with the documented keys.
        const Json raw = Json::parse(encode(m));
        for (const char* key : { "v", "type", "token", "job", "gen", "from", "req", "sid", "ts", "body" })
            QVERIFY2(raw.contains(key), key);
    }

    void decodeErrorsNameTheField_data()
    {
        QTest::addColumn<QString>("bytes");
        QTest::addColumn<QString>("needle");
        QTest::newRow("not json") << "{nope"
                                  << "invalid JSON";
        QTest::newRow("array") << "[1,2]"
                               << "JSON object";
        QTest::newRow("no version") << R"({"type":"status"})"
                                    << "'v'";
        QTest::newRow("no type") << R"({"v":1})"
                                 << "'type'";
        QTest::newRow("version is text") << R"({"v":"one","type":"status"})"
                                         << "'v'";
        QTest::newRow("body not object") << R"({"v":1,"type":"status","body":[1]})"
                                         << "body";
        QTest::newRow("negative generation") << R"({"v":1,"type":"status","gen":-2})"
                                             << "gen";
    }
    void decodeErrorsNameTheField()
    {
        QFETCH(QString, bytes);
        QFETCH(QString, needle);
        try {
            decode(bytes.toStdString());
            QFAIL("decoded a malformed message");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QVERIFY2(QString::fromUtf8(e.what()).contains(needle), e.what());
        }
    }

    void checkMessage_data()
    {
        QTest::addColumn<int>("version");
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("type");
        QTest::addColumn<qint64>("gen");
        QTest::addColumn<vantage::edl::Rejection>("expected");
        const qint64 current = 5;
        Q_UNUSED(current);
        QTest::newRow("current step report") << kProtocolVersion << "t0k3n"
                                             << "step_done" << qint64(5) << Rejection::None;
        QTest::newRow("old step report") << kProtocolVersion << "t0k3n"
                                         << "step_done" << qint64(4) << Rejection::StaleGeneration;
        QTest::newRow("old switched") << kProtocolVersion << "t0k3n"
                                      << "switched" << qint64(1) << Rejection::StaleGeneration;
        QTest::newRow("old step_failed") << kProtocolVersion << "t0k3n"
                                         << "step_failed" << qint64(0) << Rejection::StaleGeneration;
        QTest::newRow("future step report") << kProtocolVersion << "t0k3n"
                                            << "step_done" << qint64(6) << Rejection::FutureGeneration;
        QTest::newRow("future status") << kProtocolVersion << "t0k3n"
                                       << "status" << qint64(9) << Rejection::FutureGeneration;
        QTest::newRow("status from a new client") << kProtocolVersion << "t0k3n"
                                                  << "status" << qint64(0) << Rejection::None;
        QTest::newRow("joiner hello") << kProtocolVersion << "t0k3n"
                                      << "hello" << qint64(0) << Rejection::None;
        QTest::newRow("heartbeat of old member") << kProtocolVersion << "t0k3n"
                                                 << "heartbeat" << qint64(3) << Rejection::None;
        QTest::newRow("wrong token") << kProtocolVersion << "t0k3m"
                                     << "status" << qint64(0) << Rejection::BadToken;
        QTest::newRow("no token") << kProtocolVersion << ""
                                  << "status" << qint64(0) << Rejection::BadToken;
        QTest::newRow("prefix of token") << kProtocolVersion << "t0k3"
                                         << "status" << qint64(0) << Rejection::BadToken;
        QTest::newRow("newer protocol") << kProtocolVersion + 1 << "t0k3n"
                                        << "status" << qint64(0) << Rejection::BadVersion;
        QTest::newRow("older protocol") << kProtocolVersion - 1 << "t0k3n"
                                        << "status" << qint64(0) << Rejection::BadVersion;
        QTest::newRow("version before token") << kProtocolVersion + 1 << "bad"
                                              << "status" << qint64(0) << Rejection::BadVersion;
        QTest::newRow("unknown type") << kProtocolVersion << "t0k3n"
                                      << "teleport" << qint64(0) << Rejection::UnknownType;
        QTest::newRow("token before type") << kProtocolVersion << "bad"
                                           << "teleport" << qint64(0) << Rejection::BadToken;
    }
    void checkMessage()
    {
        QFETCH(int, version);
        QFETCH(QString, token);
        QFETCH(QString, type);
        QFETCH(qint64, gen);
        QFETCH(vantage::edl::Rejection, expected);
        const Verdict v
            = vantage::edl::checkMessage(message(type.toStdString(), gen, token.toStdString(), version), "t0k3n", 5);
        QCOMPARE(v.rejection, expected);
        QCOMPARE(v.accepted(), expected == Rejection::None);
        if (!v.accepted())
            QVERIFY(!v.reason.empty());
    }

    void errorRepliesCarryNoToken()
    {
        const Message req = message("status", 0, "guess");
        const Message e = makeErrorReply(req, Rejection::BadToken, "wrong or missing job token");
        QCOMPARE(e.type, std::string(msg::Error));
        QVERIFY(e.token.empty());
        QCOMPARE(e.request, req.request);
        QCOMPARE(e.body["code"].get<std::string>(), std::string("bad_token"));
        QCOMPARE(enumFromName<Rejection>("bad_token"), Rejection::BadToken);
        QCOMPARE(enumFromName<Rejection>("stale_generation"), Rejection::StaleGeneration);
        QCOMPARE(enumFromName<Rejection>("whatever"), Rejection::None);
    }

    void tokens()
    {
        std::set<std::string> seen;
        for (int i = 0; i < 200; ++i) {
            const auto t = newToken();
            QCOMPARE(t.size(), std::size_t(32));
            QVERIFY(t.find_first_not_of("0123456789abcdef") == std::string::npos);
            QVERIFY(seen.insert(t).second);
        }
        QCOMPARE(newJobId().size(), std::size_t(8));
        QVERIFY(tokensEqual("abc", "abc"));
        QVERIFY(!tokensEqual("abc", "abd"));
        QVERIFY(!tokensEqual("abc", "abcd"));
        QVERIFY(!tokensEqual("", ""));
    }

    void jobSpecRoundTripAndValidation()
    {
        JobSpec s;
        s.trainer = Trainer::Cnn;
        s.samples = 999;
        s.globalBatch = 48;
        s.microBatch = 8;
        s.keepGlobalBatch = false;
        s.linearLrScaling = true;
        s.initialWorkers = 2;
        s.timeouts.failureS = 1.5;
        s.workerMemoryMb = 4096;
        s.workerCpuS = 600;
        const JobSpec r = jobSpecFromJson(toJson(s));
        QCOMPARE(r.workerMemoryMb, 4096);
        QCOMPARE(r.workerCpuS, 600);
        QVERIFY2(toJson(r) == toJson(s), toJson(r).dump().c_str());

        const std::vector<std::pair<Json, std::string>> bad = {
            { { { "trainer", "gpt" } }, "trainer" },
            { { { "batch", 0 } }, "batch" },
            { { { "batch", 5000 }, { "samples", 100 } }, "batch" },
            { { { "epochs", 0 } }, "epochs" },
            { { { "momentum", 1.0 } }, "momentum" },
            { { { "lr", -1.0 } }, "lr" },
            { { { "lr", HUGE_VAL } }, "lr" }, // non-finite numbers reached the workers as null
            { { { "lr", std::nan("") } }, "lr" },
            { { { "momentum", std::nan("") } }, "momentum" },
            { { { "worker_memory_mb", 10 } }, "worker_memory_mb" },
            { { { "worker_cpu_s", -1 } }, "worker_cpu_s" },
            { { { "chunk_size", 1000 } }, "chunk_size" },
            { { { "timeouts", { { "failure_s", 0.1 }, { "heartbeat_s", 0.25 } } } }, "timeouts.failure_s" },
            { { { "timeouts", { { "collective_s", -1 } } } }, "timeouts.collective_s" },
            { { { "samples", "many" } }, "samples" },
        };
        for (const auto& [j, field] : bad) {
            try {
                jobSpecFromJson(j);
                QFAIL(qPrintable(QString::fromStdString("accepted " + j.dump())));
            } catch (const Error& e) {
                QCOMPARE(e.kind(), Error::Kind::InvalidInput);
                QVERIFY2(std::string(e.what()).find(field) != std::string::npos, e.what());
            }
        }
    }

    void batchAndLrAcrossSizes_data()
    {
        QTest::addColumn<bool>("keepGlobal");
        QTest::addColumn<bool>("linearLr");
        QTest::addColumn<int>("workers");
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<double>("lr");
        // initial: 2 workers, global batch 64, lr 0.1
        QTest::newRow("constant global, 1") << true << false << 1 << qint64(64) << 0.1;
        QTest::newRow("constant global, 3") << true << false << 3 << qint64(64) << 0.1;
        QTest::newRow("constant global ignores linear lr") << true << true << 4 << qint64(64) << 0.1;
        QTest::newRow("per worker, 1") << false << false << 1 << qint64(32) << 0.1;
        QTest::newRow("per worker, 3") << false << false << 3 << qint64(96) << 0.1;
        QTest::newRow("per worker, linear lr, 4") << false << true << 4 << qint64(128) << 0.2;
        QTest::newRow("per worker, linear lr, 1") << false << true << 1 << qint64(32) << 0.05;
    }
    void batchAndLrAcrossSizes()
    {
        QFETCH(bool, keepGlobal);
        QFETCH(bool, linearLr);
        QFETCH(int, workers);
        QFETCH(qint64, batch);
        QFETCH(double, lr);
        JobSpec s;
        s.globalBatch = 64;
        s.lr = 0.1;
        s.initialWorkers = 2;
        s.keepGlobalBatch = keepGlobal;
        s.linearLrScaling = linearLr;
        QCOMPARE(s.globalBatchAt(workers), batch);
        QCOMPARE(s.lrAt(workers), lr);
    }

    void chunkSizeDividesBatch_data()
    {
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<qint64>("chunk");
        QTest::newRow("64") << qint64(64) << qint64(8);
        QTest::newRow("60") << qint64(60) << qint64(6);
        QTest::newRow("prime") << qint64(37) << qint64(1);
        QTest::newRow("tiny") << qint64(3) << qint64(1);
    }
    void chunkSizeDividesBatch()
    {
        QFETCH(qint64, batch);
        QFETCH(qint64, chunk);
        JobSpec s;
        s.globalBatch = batch;
        QCOMPARE(s.effectiveChunkSize(), chunk);
        QCOMPARE(batch % s.effectiveChunkSize(), qint64(0));
    }

    void eventsRoundTrip()
    {
        std::vector<JobEvent> events;
        events.push_back({ 1, 0.5,
            StepEvent{ .step = 3,
                .epoch = 1,
                .generation = 2,
                .loss = 0.75,
                .samples = 64,
                .throughput = 1000,
                .stepS = 0.05,
                .workerStepS = { { "w0", 0.01 } },
                .workers = 2 } });
        events.push_back({ 2, 0.6,
            ScaleEvent{ .step = 4,
                .kind = ScaleKind::ScaleOut,
                .workersBefore = 2,
                .workersAfter = 3,
                .pauseS = 0.02,
                .generation = 3,
                .joined = { "w2" } } });
        events.push_back({ 3, 0.7, GenerationEvent{ 3, { "w0", "w1", "w2" }, "resize", false } });
        events.push_back({ 4, 0.8, FailureEvent{ "w1", "process ended (killed by signal 9)", 0.1, 9, true } });
        events.push_back({ 5, 0.9, EpochEvent{ 1, 100, 100 } });
        events.push_back({ 6, 1.0, JobStateEvent{ JobState::Finished, "", 0.5 } });
        events.push_back({ 7, 1.1, LogEvent{ LogLevel::Info, "hello" } });
        events.push_back({ 8, 1.2,
            MembershipEvent{ { WorkerInfo{
                .id = "w0", .host = "localhost", .device = "cpu", .state = WorkerState::Active, .rank = 0 } } } });
        for (const auto& e : events) {
            const Json j = toJson(e);
            const JobEvent back = jobEventFromJson(j);
            QCOMPARE(back.kind(), e.kind());
            QVERIFY2(toJson(back) == j, j.dump().c_str());
        }
        QVERIFY_THROWS_EXCEPTION(
            Error, jobEventFromJson(Json{ { "seq", 1 }, { "kind", "weird" }, { "data", Json::object() } }));
    }

    void timelineCollectsEvents()
    {
        JobTimeline t;
        t.add({ 1, 0.1,
            StepEvent{ .step = 0,
                .loss = 2.0,
                .samples = 64,
                .throughput = 500,
                .workerStepS = { { "w0", 0.01 }, { "w1", 0.02 } },
                .workers = 2 } });
        t.add({ 2, 0.2,
            ScaleEvent{
                .step = 1, .kind = ScaleKind::ScaleOut, .workersBefore = 2, .workersAfter = 3, .pauseS = 0.05 } });
        t.add({ 3, 0.3,
            StepEvent{ .step = 1,
                .loss = 1.5,
                .samples = 64,
                .throughput = 700,
                .workerStepS = { { "w0", 0.01 } },
                .workers = 3 } });
        t.add({ 2, 0.2,
            ScaleEvent{ .step = 1, .kind = ScaleKind::ScaleOut } }); // seen already (history overlapping live)
        t.add({ 4, 0.4, FailureEvent{ "w2", "killed", 0.0, 2, true } });
        QCOMPARE(t.loss().size(), std::size_t(2));
        QCOMPARE(t.loss()[1].value, 1.5);
        QCOMPARE(t.throughput()[0].value, 500.0);
        QCOMPARE(t.workers()[1].value, 3.0);
        QCOMPARE(t.workerStepTimes().at("w0").size(), std::size_t(2));
        QCOMPARE(t.workerStepTimes().at("w1").size(), std::size_t(1));
        QCOMPARE(t.scaleEvents().size(), std::size_t(1));
        QCOMPARE(t.failures().size(), std::size_t(1));
        QVERIFY(!t.end());
        QCOMPARE(t.finalLoss(), 1.5);
        t.add({ 5, 0.5, JobStateEvent{ JobState::Finished, "", 1.25 } });
        QVERIFY(t.end());
        QCOMPARE(t.finalLoss(), 1.25);
        QCOMPARE(t.summary(), std::string("final loss 1.25, 1 scale event"));
        QCOMPARE(JobTimeline::jobSummary(0.414, 3), std::string("final loss 0.41, 3 scale events"));
        const Json r = t.result();
        QCOMPARE(r["state"].get<std::string>(), std::string("finished"));
        QCOMPARE(r["steps"].get<int>(), 2);
        QCOMPARE(r["events"].size(), std::size_t(1));
    }

    void scheduleSyntax()
    {
        const auto s = parseSchedule("step=120:-1,step=50:+2");
        QCOMPARE(s.size(), std::size_t(2));
        QCOMPARE(s[0].step, 50);
        QCOMPARE(s[0].delta, 2);
        QCOMPARE(s[1].step, 120);
        QCOMPARE(s[1].delta, -1);
        QVERIFY(parseSchedule("").empty());
        for (const char* bad :
            { "step=5", "step=x:+1", "50:+1", "step=5:1", "step=5:+0", "step=-1:+1", "step=5:+999" }) {
            try {
                parseSchedule(bad);
                QFAIL(bad);
            } catch (const Error& e) {
                QCOMPARE(e.kind(), Error::Kind::InvalidInput);
                QCOMPARE(QString::fromStdString(e.field().value_or("")), QStringLiteral("schedule"));
            }
        }
    }

    void faultSyntax()
    {
        const auto f = parseFaults("step=80:worker=1,step=3:worker=w2:phase=loading,step=5:worker=0:slow=200");
        QCOMPARE(f.size(), std::size_t(3));
        QCOMPARE(f[0].worker, std::string("w1"));
        QCOMPARE(f[0].phase, std::string("allreduce"));
        QCOMPARE(f[1].worker, std::string("w2"));
        QCOMPARE(f[1].phase, std::string("loading"));
        QCOMPARE(f[2].slowMs, 200);
        for (const char* bad : { "step=1", "worker=1", "step=1:worker=1:phase=lunch", "step=1:worker=x",
                 "step=1:worker=1:slow=0", "step=1:worker=1:color=red" })
            QVERIFY_THROWS_EXCEPTION(Error, parseFaults(bad));
    }

    // The two socket ends: a request gets its reply, pushes are kept, strangers are ignored.
    void transport()
    {
        ControlSocket server("127.0.0.1", 0);
        QVERIFY(server.endpoint().rfind("tcp://127.0.0.1:", 0) == 0);
        std::thread leader([&] {
            for (int served = 0; served < 2;) {
                auto in = server.receive(5.0);
                if (!in)
                    return;
                const Message m = decode(in->bytes);
                Message push;
                push.type = std::string(msg::Event);
                push.token = "s3cret";
                push.body = { { "n", 1 } };
                server.send(in->peer, push); // a push before the reply
                Message rogue;
                rogue.type = std::string(msg::Ack);
                rogue.token = "not-the-token";
                rogue.request = m.request;
                server.send(in->peer, rogue); // must be ignored: it does not prove the job's token
                Message reply;
                reply.type = std::string(msg::Ack);
                reply.token = "s3cret";
                reply.request = m.request;
                reply.body = { { "echo", m.body["x"] }, { "gen", m.generation }, { "from", m.sender } };
                server.send(in->peer, reply);
                ++served;
            }
        });
        Channel c(server.endpoint(), "s3cret", "tester");
        c.setGeneration(7);
        Message q;
        q.type = std::string(msg::Status);
        q.body = { { "x", 42 } };
        const Message r = c.request(q, 5.0);
        QCOMPARE(r.body["echo"].get<int>(), 42);
        QCOMPARE(r.body["gen"].get<int>(), 7);
        QCOMPARE(r.body["from"].get<std::string>(), std::string("tester"));
        const Message r2 = c.request(q, 5.0);
        QCOMPARE(r2.request, r.request + 1);
        // The pushes that arrived meanwhile are still there, in order.
        auto p = c.receive(1.0);
        QVERIFY(p && p->type == msg::Event);
        p = c.receive(1.0);
        QVERIFY(p && p->type == msg::Event);
        QVERIFY(!c.receive(0.2));
        leader.join();
        // Nobody answers: the request fails in time, naming the endpoint.
        QElapsedTimer t;
        t.start();
        try {
            c.request(q, 0.3);
            QFAIL("a request without an answer succeeded");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Failure);
            QVERIFY2(std::string(e.what()).find(server.endpoint()) != std::string::npos, e.what());
        }
        QVERIFY(t.elapsed() < 3000);
    }

    void errorRepliesBecomeErrors()
    {
        ControlSocket server("127.0.0.1", 0);
        std::thread leader([&] {
            if (auto in = server.receive(5.0)) {
                const Message m = decode(in->bytes);
                server.send(in->peer, makeErrorReply(m, Rejection::BadToken, "wrong or missing job token"));
            }
        });
        Channel c(server.endpoint(), "guess", "tester");
        Message q;
        q.type = std::string(msg::Status);
        try {
            c.request(q, 5.0);
            QFAIL("an error reply was taken for an answer");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QVERIFY2(std::string(e.what()).find("token") != std::string::npos, e.what());
        }
        leader.join();
    }

    // The leader reads the envelope of a stranger's frame and nothing else: the body is not built,
    // and frames too large or too deep are refused before parsing.
    void envelopeBeforeBody_data()
    {
        QTest::addColumn<QByteArray>("frame");
        QTest::addColumn<bool>("accepted");
        QTest::addColumn<QString>("message");
        auto nested = [](int depth) {
            QByteArray b;
            for (int i = 0; i < depth; ++i)
                b += "{\"a\":";
            b += "1";
            b += QByteArray(depth, '}');
            return b;
        };
        const QByteArray head = "{\"v\":2,\"type\":\"status\",\"token\":\"x\",\"req\":7,\"body\":";
        QTest::newRow("body at the depth limit") << head + nested(kMaxMessageDepth - 1) + "}" << true << "";
        QTest::newRow("body past the depth limit") << head + nested(kMaxMessageDepth) + "}" << false << "deeper";
        QTest::newRow("100,000 levels") << head + nested(100000) + "}" << false << "deeper";
        QTest::newRow("NUL bytes") << QByteArray(64, '\0') << false << "NUL";
        QTest::newRow("an array") << QByteArray("[1,2]") << false << "JSON object";
        QTest::newRow("a number out of range") << QByteArray("{\"v\":1e999,\"type\":\"status\"}") << false << "";
        QTest::newRow("too large") << head + "\"" + QByteArray(int(kMaxRequestBytes), 'x') + "\"}" << false << "limit";
        QTest::newRow("body not an object")
            << QByteArray("{\"v\":2,\"type\":\"status\",\"body\":[1]}") << false << "body";
    }
    void envelopeBeforeBody()
    {
        QFETCH(QByteArray, frame);
        QFETCH(bool, accepted);
        QFETCH(QString, message);
        const std::string_view bytes(frame.constData(), static_cast<std::size_t>(frame.size()));
        try {
            const Message m = decodeEnvelope(bytes);
            QVERIFY2(accepted, "a bad frame was accepted");
            QCOMPARE(m.type, std::string("status"));
            QCOMPARE(m.token, std::string("x"));
            QCOMPARE(m.request, 7);
            QVERIFY(m.body.empty()); // not decoded
            QCOMPARE(vantage::edl::checkMessage(m, "the-real-token", 0).rejection, Rejection::BadToken);
        } catch (const Error& e) {
            QVERIFY2(!accepted, e.what());
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QVERIFY2(std::string(e.what()).find(message.toStdString()) != std::string::npos, e.what());
        }
    }

    // The rendezvous store listens on the job's address only, and keys live under a secret prefix.
    void storeListensOnlyOnTheJobsAddress()
    {
        StoreHost loopback(StoreHostOptions{ .host = "127.0.0.1", .token = newToken() });
        const auto where = listeningAddresses(loopback.port());
        QCOMPARE(where.size(), std::size_t(1));
        QCOMPARE(where.front(), std::string("127.0.0.1"));
        // Another address of this machine, if it has one, is refused.
        ifaddrs* ifs = nullptr;
        QVERIFY(::getifaddrs(&ifs) == 0);
        for (auto* i = ifs; i; i = i->ifa_next) {
            if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || (i->ifa_flags & IFF_LOOPBACK))
                continue;
            sockaddr_in to = *reinterpret_cast<sockaddr_in*>(i->ifa_addr);
            to.sin_port = htons(static_cast<std::uint16_t>(loopback.port()));
            const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
            QVERIFY(::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0);
            QCOMPARE(errno, ECONNREFUSED);
            ::close(fd);
        }
        ::freeifaddrs(ifs);
        // Asked for, every interface.
        StoreHost everywhere(StoreHostOptions{ .host = "0.0.0.0", .token = newToken() });
        const auto all = listeningAddresses(everywhere.port());
        QVERIFY(!all.empty());
        QVERIFY(all.front() == "0.0.0.0" || all.front() == "::");
        // Prefixes: per generation, and secret per store (32 hex digits nobody outside can guess).
        const std::string p = loopback.generationPrefix(3);
        QVERIFY(p.starts_with("edl/") && p.ends_with("/g3/"));
        QCOMPARE(p.size(), std::string("edl/").size() + 32 + std::string("/g3/").size());
        QVERIFY(p != everywhere.generationPrefix(3));
        QCOMPARE(loopback.generationPrefix(4).substr(0, 36), p.substr(0, 36));
    }

    // Option strings that name what cannot be: workers that never exist, NaN factors.
    void jobOptionsThatCannotBe_data()
    {
        QTest::addColumn<QString>("kill");
        QTest::addColumn<QString>("schedule");
        QTest::addColumn<double>("stragglerFactor");
        QTest::addColumn<QString>("message");
        QTest::newRow("kill a worker never started") << "step=3:worker=7"
                                                     << "" << 0.0 << "never exists";
        QTest::newRow("kill w5 after +2 of 3") << "step=3:worker=5"
                                               << "step=1:+2" << 0.0 << "never exists";
        QTest::newRow("kill a worker by a name") << "step=3:worker=wfoo"
                                                 << "" << 0.0 << "integer";
        QTest::newRow("nan straggler") << ""
                                       << "" << std::nan("") << "finite";
        QTest::newRow("infinite straggler") << ""
                                            << "" << HUGE_VAL << "finite";
    }
    void jobOptionsThatCannotBe()
    {
        QFETCH(QString, kill);
        QFETCH(QString, schedule);
        QFETCH(double, stragglerFactor);
        QFETCH(QString, message);
        try {
            LeaderOptions o;
            o.workerBinary = "/bin/true";
            o.jobDir = "/nonexistent/job";
            o.workers = 3;
            o.schedule = parseSchedule(schedule.toStdString());
            o.faults = parseFaults(kill.toStdString());
            if (stragglerFactor != 0.0)
                o.straggler = { true, stragglerFactor, 5, true };
            o.validate();
            QFAIL("accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QVERIFY2(std::string(e.what()).find(message.toStdString()) != std::string::npos, e.what());
        }
        // The same job without the bad part is fine: w4 exists after +2.
        LeaderOptions ok;
        ok.workerBinary = "/bin/true";
        ok.jobDir = "/nonexistent/job";
        ok.workers = 3;
        ok.schedule = parseSchedule("step=1:+2");
        ok.faults = parseFaults("step=3:worker=4");
        ok.validate();
    }

    void listeningOnABusyPortIsAnInputError()
    {
        ControlSocket a("127.0.0.1", 0);
        const int port = std::stoi(a.endpoint().substr(a.endpoint().rfind(':') + 1));
        try {
            ControlSocket b("127.0.0.1", port);
            QFAIL("bound a busy port");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
        }
    }
};

QTEST_GUILESS_MAIN(TestProtocol)
#include "tst_edl_protocol.moc"
