// LibTorch translation unit: hosts the c10d TCPStore server.
#include "edl/store_host.h"

#include "common/error.h"

#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include <torch/torch.h>

namespace vantage::edl {

struct StoreHost::Impl {
    std::string host;
    c10::intrusive_ptr<c10d::TCPStore> store;
};

StoreHost::StoreHost(const std::string& host, int port, double timeoutS)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->host = host;
    c10d::TCPStoreOptions options;
    options.port = static_cast<std::uint16_t>(port);
    options.isServer = true;
    options.waitWorkers = false;
    options.timeout = std::chrono::milliseconds(static_cast<std::int64_t>(timeoutS * 1000.0));
    try {
        m_impl->store = c10::make_intrusive<c10d::TCPStore>(host, options);
    } catch (const std::exception& e) {
        throw Error::failure(std::string("cannot start the rendezvous store: ") + e.what())
            .inOp("TCPStore on " + host + ":" + std::to_string(port));
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

std::string generationPrefix(std::int64_t generation)
{
    return "edl/g" + std::to_string(generation) + "/";
}

} // namespace vantage::edl
