#include "edl/protocol.h"

#include "common/error.h"

#include <array>
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
        { "from", m.sender }, { "req", m.request }, { "body", m.body } };
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Message decode(std::string_view bytes)
{
    const Json j = parseJson(bytes, "message");
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
    if (j.contains("body")) {
        if (!j["body"].is_object())
            throw Error::invalidInput("must be an object").forField("body").inOp("decode message");
        m.body = j["body"];
    }
    if (m.generation < 0)
        throw Error::invalidInput("must not be negative").forField("gen").inOp("decode message");
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

std::string_view rejectionCode(Rejection r)
{
    switch (r) {
    case Rejection::None:
        return "none";
    case Rejection::Malformed:
        return "malformed";
    case Rejection::BadVersion:
        return "bad_version";
    case Rejection::BadToken:
        return "bad_token";
    case Rejection::StaleGeneration:
        return "stale_generation";
    case Rejection::FutureGeneration:
        return "future_generation";
    case Rejection::UnknownType:
        return "unknown_type";
    }
    return "none";
}

Rejection rejectionFromCode(std::string_view code)
{
    for (auto r : { Rejection::Malformed, Rejection::BadVersion, Rejection::BadToken, Rejection::StaleGeneration,
             Rejection::FutureGeneration, Rejection::UnknownType })
        if (rejectionCode(r) == code)
            return r;
    return Rejection::None;
}

Message makeErrorReply(const Message& request, Rejection rejection, std::string_view reason)
{
    Message e;
    e.type = std::string(msg::Error);
    e.job = request.job;
    e.request = request.request;
    e.sender = "leader";
    e.body = { { "code", rejectionCode(rejection) }, { "message", reason }, { "in_reply_to", request.type } };
    return e;
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

} // namespace vantage::edl
