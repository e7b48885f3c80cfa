#pragma once
// The control-plane schema of an elastic job: every message between the leader and its workers, and
// between the leader and clients (CLI, GUI), is one JSON object sent as one ZeroMQ frame. Each
// carries the protocol version, the job's token and the sender's generation; the leader rejects a
// message with another version, a wrong token, or (for generation-bound types) an old generation.
// docs/edl.md lists every type with its body. This header is the one place that encodes, decodes
// and checks messages, so the leader, the workers and the clients cannot disagree on the format.

#include "common/enum_names.h"
#include "common/json.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace vantage::edl {

// Bumped on any incompatible change of a message type or body. 2: every message carries its
// sender's session and clock (`sid`, `ts`), so that the leader refuses a replayed one.
inline constexpr int kProtocolVersion = 2;

// Message types. Worker -> leader requests, each answered by exactly one leader message (some
// answers wait for a barrier: the reply to step_done comes once every member has reported).
namespace msg {
inline constexpr std::string_view Hello = "hello"; // worker: register, get the job spec
inline constexpr std::string_view Ready = "ready"; // worker: context loaded, may join
inline constexpr std::string_view Switched = "switched"; // worker: in generation `gen` with the state
inline constexpr std::string_view SwitchFailed = "switch_failed"; // worker: could not build generation `gen`
inline constexpr std::string_view StepDone = "step_done"; // worker: step applied, asks to commit
inline constexpr std::string_view StepFailed = "step_failed"; // worker: step aborted (collective failed)
inline constexpr std::string_view Heartbeat = "heartbeat"; // worker: alive (own socket, own thread)
// Leader -> worker answers.
inline constexpr std::string_view Welcome = "welcome"; // to hello: worker id, job spec, faults
inline constexpr std::string_view Switch = "switch"; // build generation `gen`, maybe restore, get state
inline constexpr std::string_view Plan = "plan"; // the samples of the next step (and the commit of the last)
inline constexpr std::string_view Leave = "leave"; // the last step was committed; leave the job
inline constexpr std::string_view Exit = "exit"; // the job ends (finished, stopped, failed)
inline constexpr std::string_view Ack = "ack"; // to heartbeat, unsubscribe and commands
// Client -> leader requests and leader -> client answers and pushes.
inline constexpr std::string_view Status = "status"; // -> status
inline constexpr std::string_view Subscribe = "subscribe"; // -> snapshot, then event pushes; renews the lease
inline constexpr std::string_view Unsubscribe = "unsubscribe"; // -> ack
inline constexpr std::string_view ScaleOut = "scale_out"; // -> ack {workers: [new ids]}
inline constexpr std::string_view ScaleIn = "scale_in"; // -> ack {workers: [ids leaving]}
inline constexpr std::string_view Stop = "stop"; // -> ack; the job commits, saves and ends
inline constexpr std::string_view Snapshot = "snapshot"; // status + the event history
inline constexpr std::string_view Event = "event"; // a pushed job event
inline constexpr std::string_view Error = "error"; // any refused request
} // namespace msg

struct Message {
    int version = kProtocolVersion;
    std::string type;
    std::string token;
    std::string job; // job id, for logs and for a client talking to several jobs
    std::int64_t generation = 0; // the sender's generation (0: not in a group yet)
    std::string sender; // worker id ("w3") or client name ("cli", "gui")
    std::int64_t request = 0; // request id, echoed by the reply; 0 for pushes
    // The sender's connection (random, one per Channel) and its wall clock when it sent the message
    // (ms since the Unix epoch): with `request`, which grows within a session, what makes a
    // message unique, so that a replay of it is refused (ReplayGuard).
    std::string session;
    std::int64_t sentMs = 0;
    Json body = Json::object();
};

// Bounds on one frame: its size (the leader's socket drops larger frames unread) and its nesting.
inline constexpr std::size_t kMaxRequestBytes = 4u << 20; // what the leader accepts: 4 MiB
inline constexpr int kMaxMessageDepth = 32;

// One frame of UTF-8 JSON. decode() throws Error::invalidInput naming the bad field.
std::string encode(const Message& message);
Message decode(std::string_view bytes);

// The envelope alone (version, type, token, job, generation, sender, request), for a receiver that
// must check the token before it looks any further: the body is skipped by a bounded scan, never
// built, and `body` stays empty. Frames over `maxBytes` or nested deeper than kMaxMessageDepth
// are refused before parsing.
Message decodeEnvelope(std::string_view bytes, std::size_t maxBytes = kMaxRequestBytes);

enum class Rejection {
    None,
    Malformed,
    BadVersion,
    BadToken,
    StaleGeneration,
    FutureGeneration,
    UnknownType,
    Replayed
};
// The stable codes of rejections in error bodies ("bad_token", "stale_generation", ...); a code
// this version does not know reads as None.
inline constexpr EnumTable<Rejection, 8> kRejections{ .field = "code",
    .entries = { { { Rejection::None, "none" }, { Rejection::Malformed, "malformed" },
        { Rejection::BadVersion, "bad_version" }, { Rejection::BadToken, "bad_token" },
        { Rejection::StaleGeneration, "stale_generation" }, { Rejection::FutureGeneration, "future_generation" },
        { Rejection::UnknownType, "unknown_type" }, { Rejection::Replayed, "replayed" } } },
    .what = "rejection",
    .fallback = Rejection::None };
constexpr const auto& enumTable(Rejection)
{
    return kRejections;
}

struct Verdict {
    Rejection rejection = Rejection::None;
    std::string reason; // for the error message
    bool accepted() const { return rejection == Rejection::None; }
};

// Known types, and those whose `gen` must equal the leader's current generation.
bool isKnownType(std::string_view type);
bool isGenerationBound(std::string_view type);

// What the leader does with an incoming message: accept it, or the rejection and why. A message
// from a future generation is rejected for every type (nobody may be ahead of the leader).
Verdict checkMessage(const Message& message, std::string_view token, std::int64_t currentGeneration);

// An error answer to `request`. It never carries the job token (the requester may not know it).
Message makeErrorReply(const Message& request, Rejection rejection, std::string_view reason);

// Refuses a message seen before. Every request carries its session, a request id that grows within
// the session, and its sender's clock. A message is admitted once: its request id must be above the
// last one seen from its session, and its clock within kReplayWindowMs of the receiver's (so a
// session forgotten after that long cannot be replayed either: its messages are too old by then).
// Sessions are forgotten kReplayWindowMs after they were last heard; the table holds at most
// kMaxSessions (an authenticated flood of new sessions beyond that is refused, not remembered).
class ReplayGuard {
public:
    static constexpr std::int64_t kReplayWindowMs = 300'000; // 5 min: the clocks of a job's hosts must agree this well
    static constexpr std::size_t kMaxSessions = 200'000;

    // Checks and, when admitted, records `m` (whose token was already checked). nowMs: the
    // receiver's wall clock, ms since the Unix epoch.
    Verdict admit(const Message& m, std::int64_t nowMs);
    std::size_t sessions() const { return m_sessions.size(); }

private:
    struct Seen {
        std::int64_t lastRequest = 0;
        std::int64_t lastHeardMs = 0;
    };
    void forgetIdle(std::int64_t nowMs);
    std::unordered_map<std::string, Seen> m_sessions;
    std::int64_t m_lastSweepMs = 0;
};

// Milliseconds since the Unix epoch (the clock messages carry).
std::int64_t wallClockMs();

// Token comparison whose time does not depend on where the strings differ.
bool tokensEqual(std::string_view a, std::string_view b);

// 128 bits from the system's random source, as hex; a job's token and its id.
std::string newToken();
std::string newJobId();
std::string newSessionId(); // 64 bits, one per Channel

} // namespace vantage::edl
