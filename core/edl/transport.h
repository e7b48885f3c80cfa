#pragma once
// The control plane's two socket ends over ZeroMQ: a Channel (DEALER) that workers and clients use to
// talk to the leader, and the leader's ControlSocket (ROUTER) that serves them all. Every wait has a
// deadline or a liveness check; ZeroMQ errors come out as vantage::Error naming the endpoint.

#include "edl/protocol.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace vantage::edl {

// One connection to a leader. Not thread-safe: one Channel per thread.
class Channel {
public:
    // Connects (lazily, as ZeroMQ does) to `endpoint` ("tcp://127.0.0.1:40123").
    Channel(std::string endpoint, std::string token, std::string sender);
    ~Channel();
    Channel(const Channel&) = delete;
    Channel& operator=(const Channel&) = delete;

    const std::string& endpoint() const;
    void setJob(std::string jobId);
    void setGeneration(std::int64_t generation);
    std::int64_t generation() const;

    // Sends with version, token, job, generation, sender and a fresh request id filled in; returns the id.
    std::int64_t send(Message message);
    // The next message (a reply or a push), or nullopt after timeoutS. Messages that do not carry the
    // job token (a stranger on the port) are dropped, except error replies.
    std::optional<Message> receive(double timeoutS);
    // Sends and waits up to timeoutS for the reply to this request; pushes that arrive meanwhile are
    // kept for receive(). An error reply throws (a refused token or version as InvalidInput); no
    // reply throws Failure naming the endpoint and the request type.
    Message request(Message message, double timeoutS);
    // As request(), but waits without a deadline, calling `check` about every `sliceS` seconds;
    // `check` throws to give up (the leader went silent, the process is terminating).
    Message request(Message message, const std::function<void()>& check, double sliceS = 0.1);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// Throws the vantage::Error that an error reply stands for.
[[noreturn]] void throwErrorReply(const Message& reply, const std::string& endpoint);

// What one connection to a listening socket may cost: a frame's size (a larger one drops the
// connection before anything is buffered), the time a new connection has to complete ZeroMQ's
// handshake (a raw TCP client that sends nothing, or garbage, is dropped then), and, when set, how
// long a connected peer may stay silent to ZeroMQ's heartbeats (a peer stuck half-way through a
// frame answers none) before it is dropped. ZeroMQ reads every connection on its own I/O thread, so
// a slow peer holds up nobody else.
struct SocketLimits {
    std::size_t maxFrameBytes = kMaxRequestBytes;
    double handshakeS = 5.0;
    double peerSilenceS = 0.0; // 0: no heartbeats
};

// The leader's end: a ROUTER socket bound on one address, serving workers and clients alike.
class ControlSocket {
public:
    // Binds tcp://host:port (port 0: a free port). Throws Error naming the address on failure.
    ControlSocket(const std::string& host, int port, const SocketLimits& limits = {});
    ~ControlSocket();
    ControlSocket(const ControlSocket&) = delete;
    ControlSocket& operator=(const ControlSocket&) = delete;

    // "tcp://127.0.0.1:40123", the address peers connect to.
    const std::string& endpoint() const;

    struct Incoming {
        std::string peer; // ZeroMQ routing id of the sender's connection
        std::string bytes;
    };
    // The next frame, or nullopt after timeoutS.
    std::optional<Incoming> receive(double timeoutS);
    // Sends to a peer; a peer that has gone away is silently skipped (ZeroMQ drops the frame).
    void send(const std::string& peer, const Message& message);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace vantage::edl
