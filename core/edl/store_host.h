#pragma once
// The c10d TCPStore through which the workers of every generation rendezvous, hosted by the leader
// for the whole job (so it outlives any worker). Each generation builds its process group under its
// own key prefix (generationPrefix), so a new group never reads an old group's keys.

#include <cstdint>
#include <memory>
#include <string>

namespace vantage::edl {

class StoreHost {
public:
    // Listens on host:port (port 0: a free port). Throws vantage::Error naming the address.
    StoreHost(const std::string& host, int port, double timeoutS);
    ~StoreHost();
    StoreHost(const StoreHost&) = delete;
    StoreHost& operator=(const StoreHost&) = delete;

    const std::string& host() const;
    int port() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

std::string generationPrefix(std::int64_t generation);

} // namespace vantage::edl
