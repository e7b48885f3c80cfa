#pragma once
// The rendezvous store through which the workers of every generation build their c10d group,
// served by the leader for the whole job (so it outlives any worker). Vantage's own, not c10d's
// TCPStore: LibTorch's TCPStore takes any local connection, and one client that announces a SET
// and sends nothing blocks it (LibTorch 1.13), so a local stranger could end a job.
//
// It is served over ZeroMQ with the control plane's authentication: every request is a control
// message (protocol.h) carrying the job's token, a session and a growing request id, and a request
// without the token is answered `bad_token` and nothing else; a replay is refused. ZeroMQ reads
// each connection on its own, frames are capped (kMaxStoreFrameBytes; a larger one drops the
// connection unread), a connection must complete ZeroMQ's handshake within seconds and answer its
// heartbeats, so that a slow, silent or garbage-sending client blocks nobody. Values, keys, the
// number of keys and the bytes held are bounded; the keys of a generation are forgotten once a
// later one has formed. The workers' end is a c10d::Store (store_client_p.h).
//
// Requests (a control message's `type` and `body`; the answer is `ack` with the body shown, or an
// `error` reply with code `invalid` or `failed`):
//   store_set     {key, value}               -> {}
//   store_get     {key, timeout_ms}          -> {value}        waits until the key exists
//   store_add     {key, delta}               -> {value: int}   the key holds the decimal number
//   store_cas     {key, expected, desired}   -> {value}        c10d's compareSet
//   store_check   {keys}                     -> {ready: bool}
//   store_wait    {keys, timeout_ms}         -> {}             waits until every key exists
//   store_delete  {key}                      -> {deleted: bool}
//   store_count   {}                         -> {count}
// Values travel as lower-case hex.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace vantage::edl {

inline constexpr std::size_t kMaxStoreValueBytes = 64u << 10; // what Gloo and NCCL put there is far smaller
inline constexpr std::size_t kMaxStoreKeyBytes = 1024;
inline constexpr std::size_t kMaxStoreFrameBytes = 2 * kMaxStoreValueBytes + 16 * kMaxStoreKeyBytes;
inline constexpr std::size_t kMaxStoreBytes = 32u << 20; // keys and values held at once
inline constexpr std::size_t kMaxStoreKeys = 100'000;
inline constexpr std::size_t kMaxStoreWaiters = 4096; // blocked get/wait requests at once

struct StoreHostOptions {
    std::string host = "127.0.0.1"; // "0.0.0.0": every interface
    int port = 0; // 0: a free port
    std::string token; // the job's token: only its members are served
    double maxWaitS = 60.0; // longest wait a get/wait request may ask for, seconds
    double peerSilenceS = 10.0; // a connection silent to heartbeats this long is dropped, seconds
};

class StoreHost {
public:
    // Listens and serves on its own thread until destroyed. Throws vantage::Error naming the address.
    explicit StoreHost(const StoreHostOptions& options);
    ~StoreHost();
    StoreHost(const StoreHost&) = delete;
    StoreHost& operator=(const StoreHost&) = delete;

    const std::string& host() const;
    int port() const;

    // "edl/<secret>/g<generation>/": the keys of one generation's process group. The secret is
    // defence in depth now that every request is authenticated.
    std::string generationPrefix(std::int64_t generation) const;
    // Forgets the keys of every generation before `generation` (its group has formed).
    void forgetGenerationsBefore(std::int64_t generation);

    // For tests and the job's status: keys and bytes held now.
    std::size_t keys() const;
    std::size_t bytes() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// The local addresses on which TCP `port` is listening, from /proc/net/tcp and tcp6
// ("127.0.0.1", "0.0.0.0", "::"); for checking where a listener really is.
std::vector<std::string> listeningAddresses(int port);

namespace detail {
std::string hexEncode(const std::uint8_t* data, std::size_t size);
// Throws Error::invalidInput on an odd length or a non-hex digit.
std::vector<std::uint8_t> hexDecode(const std::string& hex);
} // namespace detail

} // namespace vantage::edl
