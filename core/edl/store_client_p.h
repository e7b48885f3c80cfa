#pragma once
// The workers' end of the job's rendezvous store (store_host.h): a c10d::Store that c10d's process
// groups (Gloo, NCCL) rendezvous through, speaking the control plane's authenticated messages to
// the store the leader serves. Private to the worker runtime (elastic.cpp); LibTorch types.

#include "edl/transport.h"

#include <torch/csrc/distributed/c10d/Store.hpp>
#include <torch/version.h>

#include <mutex>

namespace vantage::edl {

class MemberStore final : public c10d::Store {
public:
    // `endpoint`: "tcp://host:port" of the leader's store; `token`: the job's; `sender`: this worker.
    MemberStore(std::string endpoint, std::string token, std::string sender, std::chrono::milliseconds timeout);

#if TORCH_VERSION_MAJOR >= 2
    c10::intrusive_ptr<c10d::Store> clone() override;
#endif
    void set(const std::string& key, const std::vector<uint8_t>& value) override;
    std::vector<uint8_t> compareSet(const std::string& key, const std::vector<uint8_t>& currentValue,
        const std::vector<uint8_t>& newValue) override;
    std::vector<uint8_t> get(const std::string& key) override;
    int64_t add(const std::string& key, int64_t value) override;
    bool deleteKey(const std::string& key) override;
    bool check(const std::vector<std::string>& keys) override;
    int64_t getNumKeys() override;
    void wait(const std::vector<std::string>& keys) override;
    void wait(const std::vector<std::string>& keys, const std::chrono::milliseconds& timeout) override;

private:
    // One request and its answer; a refusal or a timeout throws (c10d turns it into a failed group).
    Json request(std::string_view type, Json body, std::chrono::milliseconds wait = std::chrono::milliseconds(0));

    std::string m_endpoint, m_token, m_sender;
    std::mutex m_mutex; // a Channel is one thread's; c10d may call from several
    Channel m_channel;
};

} // namespace vantage::edl
