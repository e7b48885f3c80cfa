// LibTorch translation unit: the c10d::Store of a job's members (store_client_p.h).
#include "edl/store_client_p.h"

#include "common/error.h"
#include "edl/store_host.h"

namespace vantage::edl {

namespace {

std::string hexOf(const std::vector<uint8_t>& v)
{
    return detail::hexEncode(v.data(), v.size());
}

} // namespace

MemberStore::MemberStore(std::string endpoint, std::string token, std::string sender, std::chrono::milliseconds timeout)
    : c10d::Store(timeout)
    , m_endpoint(std::move(endpoint))
    , m_token(std::move(token))
    , m_sender(std::move(sender))
    , m_channel(m_endpoint, m_token, m_sender)
{ }

#if TORCH_VERSION_MAJOR >= 2
c10::intrusive_ptr<c10d::Store> MemberStore::clone()
{
    return c10::make_intrusive<MemberStore>(m_endpoint, m_token, m_sender, timeout_);
}
#endif

Json MemberStore::request(std::string_view type, Json body, std::chrono::milliseconds wait)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    Message m;
    m.type = std::string(type);
    if (wait.count() > 0)
        body["timeout_ms"] = wait.count();
    m.body = std::move(body);
    // A blocking request is answered by the store at its deadline; the margin covers the trip.
    const double limitS = std::chrono::duration<double>(wait.count() > 0 ? wait : timeout_).count() + 5.0;
    return m_channel.request(std::move(m), limitS).body;
}

void MemberStore::set(const std::string& key, const std::vector<uint8_t>& value)
{
    (void)request("store_set", { { "key", key }, { "value", hexOf(value) } });
}

std::vector<uint8_t> MemberStore::compareSet(
    const std::string& key, const std::vector<uint8_t>& currentValue, const std::vector<uint8_t>& newValue)
{
    const Json r
        = request("store_cas", { { "key", key }, { "expected", hexOf(currentValue) }, { "desired", hexOf(newValue) } });
    return detail::hexDecode(jsonField<std::string>(r, "value", "store answer"));
}

std::vector<uint8_t> MemberStore::get(const std::string& key)
{
    const Json r = request("store_get", { { "key", key } }, timeout_);
    return detail::hexDecode(jsonField<std::string>(r, "value", "store answer"));
}

int64_t MemberStore::add(const std::string& key, int64_t value)
{
    return jsonField<std::int64_t>(
        request("store_add", { { "key", key }, { "delta", value } }), "value", "store answer");
}

bool MemberStore::deleteKey(const std::string& key)
{
    return jsonField<bool>(request("store_delete", { { "key", key } }), "deleted", "store answer");
}

bool MemberStore::check(const std::vector<std::string>& keys)
{
    return jsonField<bool>(request("store_check", { { "keys", keys } }), "ready", "store answer");
}

int64_t MemberStore::getNumKeys()
{
    return jsonField<std::int64_t>(request("store_count", Json::object()), "count", "store answer");
}

void MemberStore::wait(const std::vector<std::string>& keys)
{
    wait(keys, timeout_);
}

void MemberStore::wait(const std::vector<std::string>& keys, const std::chrono::milliseconds& timeout)
{
    (void)request("store_wait", { { "keys", keys } }, timeout.count() > 0 ? timeout : timeout_);
}

} // namespace vantage::edl
