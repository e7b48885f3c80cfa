#include "edl/transport.h"

#include "common/error.h"
#include "common/units.h"

#include <zmq.hpp>

#include <chrono>
#include <deque>

namespace vantage::edl {

namespace {

using Clock = std::chrono::steady_clock;

// ZeroMQ wants one context per process; every socket is closed with linger 0, so the context's
// destructor at exit never waits.
zmq::context_t& zmqContext()
{
    static zmq::context_t context(1);
    return context;
}

constexpr int kMaxMessageBytes = 64 << 20; // what a client or worker takes from its leader (snapshots)

Error zmqError(const zmq::error_t& e, const std::string& what, const std::string& endpoint)
{
    return Error::failure(what + ": " + e.what()).inOp("control plane " + endpoint);
}

int toMs(double seconds)
{
    return seconds <= 0 ? 0 : static_cast<int>(seconds * 1000.0 + 0.5);
}

} // namespace

void throwErrorReply(const Message& reply, const std::string& endpoint)
{
    const auto code = jsonFieldOr<std::string>(reply.body, "code", "error", "error reply");
    const auto text = jsonFieldOr<std::string>(reply.body, "message", "refused", "error reply");
    const auto rejection = enumFromName<Rejection>(code);
    const bool userFault = rejection == Rejection::BadToken || rejection == Rejection::BadVersion || code == "invalid";
    Error e(std::string("the leader refused the request: ") + text,
        userFault ? Error::Kind::InvalidInput : Error::Kind::Failure);
    throw std::move(e).inOp("control plane " + endpoint);
}

struct Channel::Impl {
    std::string endpoint;
    std::string token;
    std::string sender;
    std::string job;
    std::string session = newSessionId();
    std::int64_t generation = 0;
    std::int64_t nextRequest = 1;
    zmq::socket_t socket;
    std::deque<Message> pending; // pushes received while waiting for a reply

    std::optional<Message> read(double timeoutS)
    {
        zmq::pollitem_t item{ socket.handle(), 0, ZMQ_POLLIN, 0 };
        const auto deadline = Clock::now() + std::chrono::duration<double>(timeoutS);
        for (;;) {
            const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
            try {
                if (zmq::poll(&item, 1, std::chrono::milliseconds(toMs(std::max(0.0, left)))) <= 0)
                    return std::nullopt;
                zmq::message_t frame;
                if (!socket.recv(frame, zmq::recv_flags::dontwait))
                    continue;
                Message m;
                try {
                    m = decode(frame.to_string_view());
                } catch (const Error&) {
                    continue; // not ours; a leader never sends malformed frames
                }
                // Error replies carry no token by design; everything else must prove it is the job's leader.
                if (m.type != msg::Error && !tokensEqual(m.token, token))
                    continue;
                return m;
            } catch (const zmq::error_t& e) {
                if (e.num() == EINTR) {
                    if (Clock::now() >= deadline)
                        return std::nullopt;
                    continue;
                }
                throw zmqError(e, "receive failed", endpoint);
            }
        }
    }
};

Channel::Channel(std::string endpoint, std::string token, std::string sender)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->endpoint = std::move(endpoint);
    m_impl->token = std::move(token);
    m_impl->sender = std::move(sender);
    try {
        m_impl->socket = zmq::socket_t(zmqContext(), zmq::socket_type::dealer);
        m_impl->socket.set(zmq::sockopt::linger, 0);
        m_impl->socket.set(zmq::sockopt::maxmsgsize, static_cast<std::int64_t>(kMaxMessageBytes));
        m_impl->socket.connect(m_impl->endpoint);
    } catch (const zmq::error_t& e) {
        throw zmqError(e, "cannot connect", m_impl->endpoint);
    }
}

Channel::~Channel() = default;

const std::string& Channel::endpoint() const
{
    return m_impl->endpoint;
}
void Channel::setJob(std::string jobId)
{
    m_impl->job = std::move(jobId);
}
void Channel::setGeneration(std::int64_t generation)
{
    m_impl->generation = generation;
}
std::int64_t Channel::generation() const
{
    return m_impl->generation;
}

std::int64_t Channel::send(Message m)
{
    m.version = kProtocolVersion;
    m.token = m_impl->token;
    m.job = m_impl->job;
    m.generation = m_impl->generation;
    m.sender = m_impl->sender;
    m.request = m_impl->nextRequest++;
    m.session = m_impl->session;
    m.sentMs = wallClockMs();
    const std::string bytes = encode(m);
    try {
        // DEALER queues while the connection is being made; a full queue means the leader is gone.
        if (!m_impl->socket.send(zmq::buffer(bytes), zmq::send_flags::dontwait))
            throw Error::failure("the send queue is full (the leader does not read)")
                .inOp("control plane " + m_impl->endpoint);
    } catch (const zmq::error_t& e) {
        throw zmqError(e, "send failed", m_impl->endpoint);
    }
    return m.request;
}

std::optional<Message> Channel::receive(double timeoutS)
{
    if (!m_impl->pending.empty()) {
        Message m = std::move(m_impl->pending.front());
        m_impl->pending.pop_front();
        return m;
    }
    return m_impl->read(timeoutS);
}

Message Channel::request(Message message, double timeoutS)
{
    const std::string type = message.type;
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeoutS);
    return request(
        std::move(message),
        [&] {
            if (Clock::now() >= deadline)
                throw Error::failure(
                    "no answer to '" + type + "' within " + formatSeconds(timeoutS) + " (is the job running?)")
                    .inOp("control plane " + m_impl->endpoint);
        },
        std::min(0.1, timeoutS));
}

Message Channel::request(Message message, const std::function<void()>& check, double sliceS)
{
    const std::int64_t id = send(std::move(message));
    for (;;) {
        check();
        auto m = m_impl->read(sliceS);
        if (!m)
            continue;
        if (m->request == id) {
            if (m->type == msg::Error)
                throwErrorReply(*m, m_impl->endpoint);
            return std::move(*m);
        }
        if (m->request == 0)
            m_impl->pending.push_back(std::move(*m)); // a push (event); late replies to old requests are dropped
    }
}

struct ControlSocket::Impl {
    std::string endpoint;
    zmq::socket_t socket;
};

ControlSocket::ControlSocket(const std::string& host, int port, const SocketLimits& limits)
    : m_impl(std::make_unique<Impl>())
{
    const std::string address = "tcp://" + host + ":" + (port > 0 ? std::to_string(port) : std::string("*"));
    try {
        m_impl->socket = zmq::socket_t(zmqContext(), zmq::socket_type::router);
        m_impl->socket.set(zmq::sockopt::linger, 0);
        // Requests are small; a larger frame drops the connection before anything is buffered or parsed.
        m_impl->socket.set(zmq::sockopt::maxmsgsize, static_cast<std::int64_t>(limits.maxFrameBytes));
        m_impl->socket.set(zmq::sockopt::handshake_ivl, toMs(limits.handshakeS));
        if (limits.peerSilenceS > 0) {
            m_impl->socket.set(zmq::sockopt::heartbeat_ivl, 1000);
            m_impl->socket.set(zmq::sockopt::heartbeat_timeout, toMs(limits.peerSilenceS));
        }
        m_impl->socket.bind(address);
        m_impl->endpoint = m_impl->socket.get(zmq::sockopt::last_endpoint);
    } catch (const zmq::error_t& e) {
        throw Error::invalidInput(std::string("cannot listen on ") + address + ": " + e.what()).inOp("start leader");
    }
}

ControlSocket::~ControlSocket() = default;

const std::string& ControlSocket::endpoint() const
{
    return m_impl->endpoint;
}

std::optional<ControlSocket::Incoming> ControlSocket::receive(double timeoutS)
{
    zmq::pollitem_t item{ m_impl->socket.handle(), 0, ZMQ_POLLIN, 0 };
    try {
        if (zmq::poll(&item, 1, std::chrono::milliseconds(toMs(timeoutS))) <= 0)
            return std::nullopt;
        zmq::message_t id;
        if (!m_impl->socket.recv(id, zmq::recv_flags::dontwait))
            return std::nullopt;
        Incoming in;
        in.peer = id.to_string();
        // A DEALER peer sends one frame; anything beyond the first payload frame is discarded.
        bool first = true;
        while (m_impl->socket.get(zmq::sockopt::rcvmore)) {
            zmq::message_t part;
            (void)m_impl->socket.recv(part, zmq::recv_flags::none);
            if (first)
                in.bytes = part.to_string();
            first = false;
        }
        return in;
    } catch (const zmq::error_t& e) {
        if (e.num() == EINTR)
            return std::nullopt;
        throw zmqError(e, "receive failed", m_impl->endpoint);
    }
}

void ControlSocket::send(const std::string& peer, const Message& message)
{
    const std::string bytes = encode(message);
    try {
        if (!m_impl->socket.send(zmq::buffer(peer), zmq::send_flags::sndmore | zmq::send_flags::dontwait))
            return;
        (void)m_impl->socket.send(zmq::buffer(bytes), zmq::send_flags::dontwait);
    } catch (const zmq::error_t& e) {
        if (e.num() == EHOSTUNREACH || e.num() == EAGAIN)
            return;
        throw zmqError(e, "send failed", m_impl->endpoint);
    }
}

} // namespace vantage::edl
