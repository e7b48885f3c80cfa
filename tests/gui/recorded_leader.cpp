#include "recorded_leader.h"

#include "common/error.h"
#include "edl/job_run.h"
#include "edl/protocol.h"
#include "edl/transport.h"
#include "modal_answer.h"

#include <QAbstractButton>
#include <QFileDialog>
#include <QLineEdit>
#include <QTest>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include <unistd.h>

namespace vantage::gui::testing {

namespace {
// Events per snapshot frame: the first answers the subscription, the rest follow one per pass of
// the serving loop (which answers requests and reads a real job's stream in between) as the
// unasked snapshots a leader sends a subscriber that missed events.
constexpr std::size_t kFrameEvents = 4096;
} // namespace

struct RecordedLeader::Served {
    edl::ControlSocket socket{ "127.0.0.1", 0 };
    std::string token = edl::newToken();
    std::string jobId = edl::newJobId();
    edl::ReplayGuard replays;
    edl::JobStatus status;
    std::vector<edl::JobEvent> events; // all sent so far, numbered 1..n
    std::set<std::string> subscribers;
    std::map<std::string, std::size_t> catchingUp; // subscribers not sent all events yet: the next one's index
    std::optional<edl::JobClient> real;
    std::unique_ptr<edl::EventStream> realStream;
    std::int64_t lastRealSeq = 0; // the real job's last event passed on, by its own number
    std::filesystem::path jobDir;
    std::filesystem::path realDir;

    edl::Message make(std::string_view type, Json body, std::int64_t request = 0) const
    {
        edl::Message m;
        m.type = std::string(type);
        m.token = token;
        m.job = jobId;
        m.sender = "leader";
        m.request = request;
        m.body = std::move(body);
        return m;
    }

    void push(edl::JobEvent e)
    {
        e.seq = static_cast<std::int64_t>(events.size()) + 1;
        for (const auto& peer : subscribers)
            if (!catchingUp.contains(peer)) // else its next frame has it, in order
                socket.send(peer, make(edl::msg::Event, edl::toJson(e)));
        events.push_back(std::move(e));
    }

    void subscribe(const std::string& peer, const edl::Message& m)
    {
        const bool fresh = subscribers.insert(peer).second;
        if (!fresh && !jsonFieldOr<bool>(m.body, "snapshot", false, "subscribe")) {
            socket.send(peer, make(edl::msg::Ack, { { "seq", events.size() } }, m.request));
            return;
        }
        const auto after = static_cast<std::size_t>(std::clamp<std::int64_t>(
            jsonFieldOr<std::int64_t>(m.body, "since", 0, "subscribe"), 0, static_cast<std::int64_t>(events.size())));
        sendFrame(peer, after, m.request);
    }

    // The events from `from` on, a frame of them: the answer to `request`, or an unasked snapshot.
    void sendFrame(const std::string& peer, std::size_t from, std::int64_t request)
    {
        Json frame = Json::array();
        std::size_t next = from;
        for (; next < events.size() && frame.size() < kFrameEvents; ++next)
            frame.push_back(edl::toJson(events[next]));
        socket.send(peer,
            make(edl::msg::Snapshot,
                { { "status", edl::toJson(status) }, { "events", std::move(frame) }, { "seq", events.size() } },
                request));
        if (next < events.size())
            catchingUp[peer] = next;
        else
            catchingUp.erase(peer);
    }

    void catchUp()
    {
        const auto peers = catchingUp;
        for (const auto& [peer, next] : peers)
            sendFrame(peer, next, 0);
    }

    // What the real leader answers to a scale or stop request, asked of it.
    Json command(const edl::Message& m) const
    {
        if (!real)
            throw Error::invalidInput("a recorded job takes no requests");
        if (m.type == edl::msg::Stop) {
            real->stop();
            return Json::object();
        }
        if (m.type == edl::msg::ScaleOut)
            return { { "workers",
                real->scaleOut(jsonFieldOr<int>(m.body, "count", 1, "scale_out"),
                    jsonFieldOr<std::vector<std::string>>(m.body, "devices", {}, "scale_out")) } };
        const auto ids = jsonFieldOr<std::vector<std::string>>(m.body, "workers", {}, "scale_in");
        return { { "workers",
            ids.empty() ? real->scaleInCount(jsonFieldOr<int>(m.body, "count", 1, "scale_in")) : real->scaleIn(ids) } };
    }

    void answer(const edl::ControlSocket::Incoming& in)
    {
        // As the real leader: the envelope and its token checked before the body is read.
        edl::Message m;
        try {
            m = edl::decodeEnvelope(in.bytes);
        } catch (const Error& e) {
            socket.send(in.peer, edl::makeErrorReply({}, edl::Rejection::Malformed, e.message()));
            return;
        }
        edl::Verdict v = edl::checkMessage(m, token, 0);
        if (v.accepted())
            v = replays.admit(m, edl::wallClockMs());
        if (!v.accepted()) {
            socket.send(in.peer, edl::makeErrorReply(m, v.rejection, v.reason));
            return;
        }
        try {
            m = edl::decode(in.bytes);
            if (m.type == edl::msg::Subscribe)
                subscribe(in.peer, m);
            else if (m.type == edl::msg::Unsubscribe) {
                subscribers.erase(in.peer);
                catchingUp.erase(in.peer);
                socket.send(in.peer, make(edl::msg::Ack, Json::object(), m.request));
            } else if (m.type == edl::msg::Status)
                socket.send(in.peer, make(edl::msg::Status, edl::toJson(real ? real->status() : status), m.request));
            else if (m.type == edl::msg::ScaleOut || m.type == edl::msg::ScaleIn || m.type == edl::msg::Stop)
                socket.send(in.peer, make(edl::msg::Ack, command(m), m.request));
            else
                socket.send(
                    in.peer, edl::makeErrorReply(m, edl::Rejection::UnknownType, "'" + m.type + "' is not a request"));
        } catch (const std::exception& e) {
            edl::Message err = edl::makeErrorReply(m, edl::Rejection::None, e.what());
            const auto* error = dynamic_cast<const Error*>(&e);
            err.body["code"] = error && error->kind() == Error::Kind::InvalidInput ? "invalid" : "failed";
            socket.send(in.peer, err);
        }
    }

    // The real job's events as they come, after ours; its report once it has ended.
    void followReal()
    {
        if (!realStream)
            return;
        try {
            for (int i = 0; i < 256; ++i) { // then the socket again: requests wait for no stream
                auto e = realStream->next(0.002);
                if (!e)
                    break;
                lastRealSeq = e->seq;
                push(std::move(*e));
            }
        } catch (const std::exception&) {
            // Not read for too long (a forwarded request took its time): subscribed again, the
            // events not passed on yet taken from the new history.
            try {
                realStream
                    = std::make_unique<edl::EventStream>(real->address(), edl::ClientOptions{ .name = "recorded" });
                for (const auto& e : realStream->history())
                    if (e.seq > lastRealSeq) {
                        lastRealSeq = e.seq;
                        push(e);
                    }
            } catch (const std::exception&) {
                realStream.reset(); // the real leader is gone: so is this one's stream of it
            }
            return;
        }
        if (!realStream->jobEnded())
            return;
        const Json report = edl::waitForJobReport(realDir, 0.0);
        if (report.is_null())
            return;
        writeJsonFile(jobDir / "report.json", report, 2, FileAccess::OwnerOnly);
        realStream.reset();
    }
};

RecordedLeader::RecordedLeader(std::filesystem::path jobDir, edl::JobStatus status, std::vector<edl::JobEvent> history,
    std::optional<edl::JobAddress> real)
    : m_served(std::make_unique<Served>())
{
    auto& s = *m_served;
    std::filesystem::create_directories(jobDir);
    s.jobDir = jobDir;
    if (real) {
        s.real.emplace(*real, edl::ClientOptions{ .name = "recorded" });
        s.realStream = std::make_unique<edl::EventStream>(*real, edl::ClientOptions{ .name = "recorded" });
        s.realDir = real->jobDir;
        status = s.realStream->snapshot();
        for (const auto& e : s.realStream->history()) {
            s.lastRealSeq = e.seq;
            history.push_back(e);
        }
    }
    s.status = std::move(status);
    s.status.jobId = s.jobId;
    for (auto& e : history)
        s.push(std::move(e));
    m_address = edl::JobAddress{ s.socket.endpoint(), s.token, s.jobId, jobDir.string(),
        static_cast<std::int64_t>(::getpid()), 0 };
    writeJsonFile(jobDir / "job.json", edl::toJson(m_address), 2, FileAccess::OwnerOnly);
    m_thread = std::thread([this] { serve(); });
}

RecordedLeader::~RecordedLeader()
{
    m_stop = true;
    m_thread.join();
}

void RecordedLeader::send(std::vector<edl::JobEvent> events)
{
    const std::lock_guard lock(m_outboxLock);
    for (auto& e : events)
        m_outbox.push_back(std::move(e));
}

void RecordedLeader::end(edl::JobStateEvent state, const Json& report)
{
    const std::lock_guard lock(m_outboxLock);
    m_outbox.push_back(edl::JobEvent{ .seq = 0, .timeS = 0.0, .payload = std::move(state) });
    m_report = report;
}

void RecordedLeader::serve()
{
    auto& s = *m_served;
    while (!m_stop) {
        if (auto in = s.socket.receive(0.01))
            s.answer(*in);
        std::vector<edl::JobEvent> outbox;
        Json report;
        {
            const std::lock_guard lock(m_outboxLock);
            outbox.swap(m_outbox);
            report = std::exchange(m_report, nullptr);
        }
        for (auto& e : outbox)
            s.push(std::move(e));
        // As a leader, the report after the last event.
        if (!report.is_null())
            writeJsonFile(s.jobDir / "report.json", report, 2, FileAccess::OwnerOnly);
        s.catchUp();
        s.followReal();
    }
}

bool attachEdlJob(QObject* page, const QString& jobDir)
{
    auto* button = page->findChild<QAbstractButton*>(QStringLiteral("edlAttach"));
    if (!button || !button->isEnabled())
        return false;
    whenShown<QFileDialog>([jobDir](QFileDialog* dialog) {
        dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))->setText(jobDir);
        QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);
    });
    QTest::mouseClick(button, Qt::LeftButton);
    return true;
}

} // namespace vantage::gui::testing
