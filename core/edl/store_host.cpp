// LibTorch translation unit: hosts the c10d TCPStore server.
#include "edl/store_host.h"

#include "common/error.h"
#include "edl/protocol.h"

#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include <torch/torch.h>

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <netdb.h>
#include <optional>
#include <sstream>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

// While the store's server socket is being created on this thread, the address it must bind to.
// LibTorch 1.13's TCPStore always binds the wildcard address (first IPv6, then IPv4); the bind()
// below, which the executable exports ahead of libc's, puts the requested address in its place and
// makes the other family's attempt fail, so TCPStore falls through to the family we want.
thread_local const sockaddr_storage* t_storeAddress = nullptr;

bool isWildcard(const sockaddr* a)
{
    if (a->sa_family == AF_INET)
        return reinterpret_cast<const sockaddr_in*>(a)->sin_addr.s_addr == htonl(INADDR_ANY);
    if (a->sa_family == AF_INET6)
        return IN6_IS_ADDR_UNSPECIFIED(&reinterpret_cast<const sockaddr_in6*>(a)->sin6_addr);
    return false;
}

} // namespace

extern "C" int bind(int fd, const sockaddr* addr, socklen_t len) noexcept
{
    const sockaddr_storage* want = t_storeAddress;
    if (!want || !addr || !isWildcard(addr))
        return static_cast<int>(::syscall(SYS_bind, fd, addr, len));
    if (addr->sa_family != want->ss_family) {
        errno = EADDRNOTAVAIL;
        return -1;
    }
    sockaddr_storage steered{};
    std::memcpy(&steered, want, sizeof steered);
    if (addr->sa_family == AF_INET)
        reinterpret_cast<sockaddr_in*>(&steered)->sin_port = reinterpret_cast<const sockaddr_in*>(addr)->sin_port;
    else
        reinterpret_cast<sockaddr_in6*>(&steered)->sin6_port = reinterpret_cast<const sockaddr_in6*>(addr)->sin6_port;
    return static_cast<int>(::syscall(SYS_bind, fd, reinterpret_cast<const sockaddr*>(&steered), len));
}

namespace vantage::edl {

namespace {

// The numeric address `host` names (a name is resolved); nullopt for "every interface".
std::optional<sockaddr_storage> resolveListenAddress(const std::string& host)
{
    if (host.empty() || host == "*" || host == "0.0.0.0" || host == "::")
        return std::nullopt;
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_ADDRCONFIG;
    addrinfo* res = nullptr;
    if (const int rc = ::getaddrinfo(host.c_str(), nullptr, &hints, &res); rc != 0 || !res)
        throw Error::invalidInput(std::string("cannot resolve the listen address: ") + ::gai_strerror(rc))
            .forField("listen");
    sockaddr_storage out{};
    std::memcpy(&out, res->ai_addr, res->ai_addrlen);
    ::freeaddrinfo(res);
    return out;
}

std::string addressText(const sockaddr_storage& a)
{
    char buf[INET6_ADDRSTRLEN] = {};
    if (a.ss_family == AF_INET)
        ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(&a)->sin_addr, buf, sizeof buf);
    else
        ::inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(&a)->sin6_addr, buf, sizeof buf);
    return buf;
}

// An IPv4-mapped IPv6 address ("::ffff:127.0.0.1") is the IPv4 address it maps.
std::string canonical(std::string address)
{
    if (address.rfind("::ffff:", 0) == 0 && address.find('.') != std::string::npos)
        return address.substr(7);
    return address;
}

} // namespace

std::vector<std::string> listeningAddresses(int port)
{
    std::vector<std::string> out;
    for (const char* file : { "/proc/net/tcp", "/proc/net/tcp6" }) {
        std::ifstream in(file);
        std::string line;
        std::getline(in, line); // the header
        while (std::getline(in, line)) {
            std::istringstream ss(line);
            std::string slot, local, remote, state;
            ss >> slot >> local >> remote >> state;
            const auto colon = local.find(':');
            if (state != "0A" || colon == std::string::npos)
                continue; // 0A: LISTEN
            if (std::stoi(local.substr(colon + 1), nullptr, 16) != port)
                continue;
            const std::string hex = local.substr(0, colon);
            char buf[INET6_ADDRSTRLEN] = {};
            if (hex.size() == 8) {
                in_addr a{};
                a.s_addr = static_cast<std::uint32_t>(std::stoul(hex, nullptr, 16));
                ::inet_ntop(AF_INET, &a, buf, sizeof buf);
            } else if (hex.size() == 32) {
                in6_addr a{};
                for (int w = 0; w < 4; ++w) {
                    const auto word = static_cast<std::uint32_t>(std::stoul(hex.substr(8 * w, 8), nullptr, 16));
                    std::memcpy(reinterpret_cast<char*>(&a) + 4 * w, &word, 4);
                }
                ::inet_ntop(AF_INET6, &a, buf, sizeof buf);
            }
            out.emplace_back(buf);
        }
    }
    return out;
}

struct StoreHost::Impl {
    std::string host;
    std::string secret = newToken();
    c10::intrusive_ptr<c10d::TCPStore> store;
};

StoreHost::StoreHost(const std::string& host, int port, double timeoutS)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->host = host;
    const auto address = resolveListenAddress(host);
    c10d::TCPStoreOptions options;
    options.port = static_cast<std::uint16_t>(port);
    options.isServer = true;
    options.waitWorkers = false;
    options.timeout = std::chrono::milliseconds(static_cast<std::int64_t>(timeoutS * 1000.0));
    const std::string where = "TCPStore on " + host + ":" + std::to_string(port);
    try {
        t_storeAddress = address ? &*address : nullptr;
        m_impl->store = c10::make_intrusive<c10d::TCPStore>(host, options);
        t_storeAddress = nullptr;
    } catch (const std::exception& e) {
        t_storeAddress = nullptr;
        throw Error::failure(std::string("cannot start the rendezvous store: ") + e.what()).inOp(where);
    }
    if (!address)
        return;
    // Fail closed: a store that ended up on every interface is not started.
    const std::string want = canonical(addressText(*address));
    for (const auto& a : listeningAddresses(m_impl->store->getPort()))
        if (canonical(a) != want) {
            m_impl->store.reset();
            throw Error::failure("the rendezvous store listens on " + a + ", not only on " + want
                + "; refusing to run a job whose store strangers could reach")
                .inOp(where);
        }
}

StoreHost::~StoreHost() = default;

const std::string& StoreHost::host() const
{
    return m_impl->host;
}
int StoreHost::port() const
{
    return m_impl->store->getPort();
}

std::string StoreHost::generationPrefix(std::int64_t generation) const
{
    return "edl/" + m_impl->secret + "/g" + std::to_string(generation) + "/";
}

} // namespace vantage::edl
