#pragma once
// The c10d TCPStore through which the workers of every generation rendezvous, hosted by the leader
// for the whole job (so it outlives any worker). Each generation builds its process group under its
// own key prefix (generationPrefix), so a new group never reads an old group's keys.
//
// The store has no authentication of its own, so it is fenced in two ways (docs/edl.md, "Threat
// model"): it listens on the job's listen address only (loopback by default; LibTorch 1.13 has no
// option for this, so the listening socket's bind() is steered to that address and the result is
// checked in /proc/net), and every key lives under a secret prefix that only the job's members
// learn, over the token-checked control plane: a stranger who reaches the port can neither read
// nor overwrite the job's keys.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace vantage::edl {

class StoreHost {
public:
    // Listens on host:port (port 0: a free port); host "0.0.0.0" or "::" listens on every
    // interface. Throws vantage::Error naming the address.
    StoreHost(const std::string& host, int port, double timeoutS);
    ~StoreHost();
    StoreHost(const StoreHost&) = delete;
    StoreHost& operator=(const StoreHost&) = delete;

    const std::string& host() const;
    int port() const;

    // "edl/<secret>/g<generation>/": the keys of one generation's process group.
    std::string generationPrefix(std::int64_t generation) const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// The local addresses on which TCP `port` is listening, from /proc/net/tcp and tcp6
// ("127.0.0.1", "0.0.0.0", "::"); for checking where a listener really is.
std::vector<std::string> listeningAddresses(int port);

} // namespace vantage::edl
