#include "edl/protocol.h"
#include "edl/protocol_p.h"

#include "common/error.h"

#include <array>
#include <chrono>
#include <cstdio>
#include <random>

namespace vantage::edl {

namespace {

constexpr std::array kKnownTypes = { msg::Hello, msg::Ready, msg::Switched, msg::SwitchFailed, msg::StepDone,
    msg::StepFailed, msg::Heartbeat, msg::Welcome, msg::Switch, msg::Plan, msg::Leave, msg::Exit, msg::Ack, msg::Status,
    msg::Subscribe, msg::Unsubscribe, msg::ScaleOut, msg::ScaleIn, msg::Stop, msg::Snapshot, msg::Event, msg::Error };

// A report about a step or a switch of generation g is meaningless in any other generation.
constexpr std::array kGenerationBound = { msg::Switched, msg::SwitchFailed, msg::StepDone, msg::StepFailed };

std::string randomHex(int bytes)
{
    std::random_device rd; // /dev/urandom on Linux
    std::string out;
    out.reserve(static_cast<std::size_t>(bytes) * 2);
    for (int i = 0; i < bytes; i += 4) {
        const auto v = static_cast<std::uint32_t>(rd());
        char buf[9];
        std::snprintf(buf, sizeof buf, "%08x", v);
        out.append(buf, static_cast<std::size_t>(std::min(8, 2 * (bytes - i))));
    }
    return out;
}

} // namespace

std::string encode(const Message& m)
{
    Json j = { { "v", m.version }, { "type", m.type }, { "token", m.token }, { "job", m.job }, { "gen", m.generation },
        { "from", m.sender }, { "req", m.request }, { "sid", m.session }, { "ts", m.sentMs }, { "body", m.body } };
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

namespace detail {

bool EnvelopeReader::key(string_t& k)
{
    if (m_depth == 1)
        m_key = std::move(k);
    return true;
}

bool EnvelopeReader::parse_error(std::size_t byte, const std::string&, const nlohmann::detail::exception& e)
{
    std::string what = e.what();
    if (auto pos = what.find("parse error"); pos != std::string::npos)
        what = what.substr(pos);
    throw Error::invalidInput("invalid JSON at byte " + std::to_string(byte) + ": " + what).inOp("decode message");
}

bool EnvelopeReader::open(bool object)
{
    if (m_depth == 0)
        m_topIsObject = object;
    else if (m_depth == 1)
        fields[m_key] = object ? Json::object() : Json::array(); // its shape only
    ++m_depth;
    return true;
}

bool EnvelopeReader::close()
{
    --m_depth;
    return true;
}

} // namespace detail

namespace {

Message envelopeFrom(const Json& j)
{
    if (!j.is_object())
        throw Error::invalidInput("a message must be a JSON object").inOp("decode message");
    constexpr std::string_view where = "message";
    Message m;
    m.version = jsonField<int>(j, "v", where);
    m.type = jsonField<std::string>(j, "type", where);
    m.token = jsonFieldOr<std::string>(j, "token", {}, where);
    m.job = jsonFieldOr<std::string>(j, "job", {}, where);
    m.generation = jsonFieldOr<std::int64_t>(j, "gen", 0, where);
    m.sender = jsonFieldOr<std::string>(j, "from", {}, where);
    m.request = jsonFieldOr<std::int64_t>(j, "req", 0, where);
    m.session = jsonFieldOr<std::string>(j, "sid", {}, where);
    m.sentMs = jsonFieldOr<std::int64_t>(j, "ts", 0, where);
    if (j.contains("body") && !j["body"].is_object())
        throw Error::invalidInput("must be an object").forField("body").inOp("decode message");
    if (m.generation < 0)
        throw Error::invalidInput("must not be negative").forField("gen").inOp("decode message");
    return m;
}

void checkFrame(std::string_view bytes, std::size_t maxBytes)
{
    if (bytes.size() > maxBytes)
        throw Error::invalidInput("a message of " + std::to_string(bytes.size()) + " bytes is over the "
            + std::to_string(maxBytes) + "-byte limit")
            .inOp("decode message");
}

} // namespace

Message decode(std::string_view bytes)
{
    const Json j = parseJson(bytes, "message", JsonLimits{ .maxDepth = kMaxMessageDepth });
    Message m = envelopeFrom(j);
    if (j.contains("body"))
        m.body = j["body"];
    return m;
}

Message decodeEnvelope(std::string_view bytes, std::size_t maxBytes)
{
    checkFrame(bytes, maxBytes);
    checkJsonShape(bytes, "message", kMaxMessageDepth);
    detail::EnvelopeReader reader;
    Json::sax_parse(bytes.begin(), bytes.end(), &reader);
    if (!reader.topIsObject())
        throw Error::invalidInput("a message must be a JSON object").inOp("decode message");
    Message m = envelopeFrom(reader.fields);
    m.body = Json::object();
    return m;
}

bool isKnownType(std::string_view type)
{
    for (auto t : kKnownTypes)
        if (t == type)
            return true;
    return false;
}

bool isGenerationBound(std::string_view type)
{
    for (auto t : kGenerationBound)
        if (t == type)
            return true;
    return false;
}

Verdict checkMessage(const Message& m, std::string_view token, std::int64_t currentGeneration)
{
    // The version first: a peer of another version may not even put the token where we look.
    if (m.version != kProtocolVersion)
        return { Rejection::BadVersion,
            "protocol version " + std::to_string(m.version) + " is not supported (this leader speaks "
                + std::to_string(kProtocolVersion) + ")" };
    if (!tokensEqual(m.token, token))
        return { Rejection::BadToken, "wrong or missing job token" };
    if (!isKnownType(m.type))
        return { Rejection::UnknownType, "unknown message type '" + m.type + "'" };
    if (m.generation > currentGeneration)
        return { Rejection::FutureGeneration,
            "generation " + std::to_string(m.generation) + " is ahead of the leader's "
                + std::to_string(currentGeneration) };
    if (isGenerationBound(m.type) && m.generation != currentGeneration)
        return { Rejection::StaleGeneration,
            "'" + m.type + "' from generation " + std::to_string(m.generation) + ", the job is in generation "
                + std::to_string(currentGeneration) };
    return {};
}

Message makeErrorReply(const Message& request, Rejection rejection, std::string_view reason)
{
    Message e;
    e.type = std::string(msg::Error);
    e.job = request.job;
    e.request = request.request;
    e.sender = "leader";
    e.body = { { "code", enumName(rejection) }, { "message", reason }, { "in_reply_to", request.type } };
    return e;
}

std::int64_t wallClockMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

void ReplayGuard::forgetIdle(std::int64_t nowMs)
{
    if (nowMs - m_lastSweepMs < 10'000 && m_sessions.size() < kMaxSessions)
        return;
    m_lastSweepMs = nowMs;
    std::erase_if(m_sessions, [&](const auto& kv) { return nowMs - kv.second.lastHeardMs > kReplayWindowMs; });
}

Verdict ReplayGuard::admit(const Message& m, std::int64_t nowMs)
{
    if (m.session.empty() || m.session.size() > 64 || m.request <= 0)
        return { Rejection::Replayed, "a request must carry its session (sid) and a positive request id (req)" };
    // Compared without subtracting: a sender's clock may be any 64-bit number.
    if (m.sentMs < nowMs - kReplayWindowMs || m.sentMs > nowMs + kReplayWindowMs)
        return { Rejection::Replayed,
            "the message was sent "
                + std::to_string(
                    static_cast<std::int64_t>((static_cast<double>(nowMs) - static_cast<double>(m.sentMs)) / 1000.0))
                + " s ago by its sender's clock (more than the 300 s a message stays valid: a replay, or the "
                  "clocks of the job's hosts disagree)" };
    forgetIdle(nowMs);
    auto it = m_sessions.find(m.session);
    if (it == m_sessions.end()) {
        if (m_sessions.size() >= kMaxSessions)
            return { Rejection::Replayed, "too many sessions at once; try again later" };
        m_sessions.emplace(m.session, Seen{ m.request, nowMs });
        return {};
    }
    if (m.request <= it->second.lastRequest)
        return { Rejection::Replayed,
            "request " + std::to_string(m.request) + " of this session was already seen (a replayed message)" };
    it->second = Seen{ m.request, nowMs };
    return {};
}

bool tokensEqual(std::string_view a, std::string_view b)
{
    // Length is not secret (tokens have a fixed length); the content comparison does not stop early.
    if (a.size() != b.size() || a.empty())
        return false;
    unsigned char diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

std::string newToken()
{
    return randomHex(16);
}

std::string newJobId()
{
    return randomHex(4);
}

std::string newSessionId()
{
    return randomHex(8);
}

} // namespace vantage::edl
