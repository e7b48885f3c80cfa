// The job's rendezvous store, served by the leader on its own thread (store_host.h). Plain C++ over
// the control plane's transport: no LibTorch here; the workers' c10d::Store is store_client.cpp.
#include "edl/store_host.h"

#include "common/error.h"
#include "edl/protocol.h"
#include "edl/transport.h"

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_map>

namespace vantage::edl {

namespace detail {

std::string hexEncode(const std::uint8_t* data, std::size_t size)
{
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out(2 * size, '0');
    for (std::size_t i = 0; i < size; ++i) {
        out[2 * i] = kDigits[data[i] >> 4];
        out[2 * i + 1] = kDigits[data[i] & 15];
    }
    return out;
}

std::vector<std::uint8_t> hexDecode(const std::string& hex)
{
    auto digit = [](char c) -> int {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        return -1;
    };
    if (hex.size() % 2 != 0)
        throw Error::invalidInput("a value must be an even number of hex digits").forField("value");
    std::vector<std::uint8_t> out(hex.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const int hi = digit(hex[2 * i]), lo = digit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            throw Error::invalidInput("a value must be lower-case hex digits").forField("value");
        out[i] = static_cast<std::uint8_t>(hi * 16 + lo);
    }
    return out;
}

} // namespace detail

namespace {

using Clock = std::chrono::steady_clock;
using Bytes = std::vector<std::uint8_t>;

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
    StoreHostOptions opt;
    std::string secret = newToken();
    std::string keyRoot; // "edl/<secret>/g": every key a member may use starts so
    std::unique_ptr<ControlSocket> socket;
    int port = 0;
    ReplayGuard replays;

    mutable std::mutex mutex; // the data: the serving thread and forgetGenerationsBefore()
    std::unordered_map<std::string, Bytes> data;
    std::size_t held = 0; // bytes of keys and values

    // A get or wait that waits for keys; answered when they all exist, or with an error at its deadline.
    struct Waiter {
        std::string peer;
        Message request; // its envelope, for the answer
        std::vector<std::string> keys;
        bool wantsValue = false;
        Clock::time_point deadline;
    };
    std::vector<Waiter> waiters;

    std::atomic<bool> stop{ false };
    std::thread thread;

    using Handler = void (Impl::*)(const std::string& peer, const Message& m);
    static const std::map<std::string, Handler, std::less<>>& handlers();

    void serve();
    void handle(const ControlSocket::Incoming& in);
    void answer(const std::string& peer, const Message& request, Json body);
    void refuse(const std::string& peer, const Message& request, Rejection r, const std::string& why);

    std::string keyOf(const Json& body, const char* field = "key") const;
    std::vector<std::string> keysOf(const Json& body) const;
    void put(const std::string& key, Bytes value);
    bool allPresent(const std::vector<std::string>& keys) const;
    void park(const std::string& peer, const Message& m, std::vector<std::string> keys, bool wantsValue);
    void wakeWaiters();
    void expireWaiters();

    void onSet(const std::string& peer, const Message& m);
    void onGet(const std::string& peer, const Message& m);
    void onAdd(const std::string& peer, const Message& m);
    void onCompareSet(const std::string& peer, const Message& m);
    void onCheck(const std::string& peer, const Message& m);
    void onWait(const std::string& peer, const Message& m);
    void onDelete(const std::string& peer, const Message& m);
    void onCount(const std::string& peer, const Message& m);
};

const std::map<std::string, StoreHost::Impl::Handler, std::less<>>& StoreHost::Impl::handlers()
{
    static const std::map<std::string, Handler, std::less<>> table
        = { { "store_set", &Impl::onSet }, { "store_get", &Impl::onGet }, { "store_add", &Impl::onAdd },
              { "store_cas", &Impl::onCompareSet }, { "store_check", &Impl::onCheck }, { "store_wait", &Impl::onWait },
              { "store_delete", &Impl::onDelete }, { "store_count", &Impl::onCount } };
    return table;
}

void StoreHost::Impl::serve()
{
    while (!stop.load()) {
        try {
            if (auto in = socket->receive(0.05))
                handle(*in);
            expireWaiters();
        } catch (const std::exception& e) {
            // The store must outlive anything a peer sends; a failing socket is retried.
            std::fprintf(stderr, "vantage-edl leader: rendezvous store: %s\n", e.what());
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
}

// The envelope and the token first, as the control plane does: a stranger's body is never decoded.
void StoreHost::Impl::handle(const ControlSocket::Incoming& in)
{
    Message m;
    try {
        m = decodeEnvelope(in.bytes, kMaxStoreFrameBytes);
    } catch (const Error& e) {
        refuse(in.peer, Message{}, Rejection::Malformed, e.message());
        return;
    }
    Verdict v;
    if (m.version != kProtocolVersion)
        v = { Rejection::BadVersion, "protocol version " + std::to_string(m.version) + " is not supported" };
    else if (!tokensEqual(m.token, opt.token))
        v = { Rejection::BadToken, "wrong or missing job token" };
    else
        v = replays.admit(m, wallClockMs());
    if (!v.accepted()) {
        refuse(in.peer, m, v.rejection, v.reason);
        return;
    }
    try {
        m = decode(in.bytes);
    } catch (const Error& e) {
        refuse(in.peer, m, Rejection::Malformed, e.message());
        return;
    }
    const auto it = handlers().find(m.type);
    if (it == handlers().end()) {
        refuse(in.peer, m, Rejection::UnknownType, "'" + m.type + "' is not a store request");
        return;
    }
    try {
        std::lock_guard<std::mutex> lock(mutex);
        (this->*(it->second))(in.peer, m);
    } catch (const std::exception& e) {
        Message err = makeErrorReply(m, Rejection::None, e.what());
        const auto* ve = dynamic_cast<const Error*>(&e);
        err.body["code"] = ve && ve->kind() == Error::Kind::InvalidInput ? "invalid" : "failed";
        socket->send(in.peer, err);
    }
}

void StoreHost::Impl::answer(const std::string& peer, const Message& request, Json body)
{
    Message r;
    r.type = std::string(msg::Ack);
    r.token = opt.token; // proves to the member that the answer is its leader's
    r.job = request.job;
    r.sender = "store";
    r.request = request.request;
    r.body = std::move(body);
    socket->send(peer, r);
}

void StoreHost::Impl::refuse(const std::string& peer, const Message& request, Rejection r, const std::string& why)
{
    socket->send(peer, makeErrorReply(request, r, why));
}

std::string StoreHost::Impl::keyOf(const Json& body, const char* field) const
{
    auto key = jsonField<std::string>(body, field, "store request");
    if (key.size() > kMaxStoreKeyBytes)
        throw Error::invalidInput("a key of " + std::to_string(key.size()) + " bytes is over the "
            + std::to_string(kMaxStoreKeyBytes) + "-byte limit")
            .forField(field);
    if (!key.starts_with(keyRoot))
        throw Error::invalidInput("the key is not under this job's prefix").forField(field);
    return key;
}

std::vector<std::string> StoreHost::Impl::keysOf(const Json& body) const
{
    const Json& list = vantage::detail::requireObjectKey(body, "keys", "store request");
    if (!list.is_array())
        throw Error::invalidInput("must be a list of keys").forField("keys");
    if (list.size() > 1024)
        throw Error::invalidInput("at most 1024 keys in one request").forField("keys");
    std::vector<std::string> keys;
    for (const auto& k : list)
        keys.push_back(keyOf(Json{ { "key", k } }));
    return keys;
}

void StoreHost::Impl::put(const std::string& key, Bytes value)
{
    if (value.size() > kMaxStoreValueBytes)
        throw Error::invalidInput("a value of " + std::to_string(value.size()) + " bytes is over the "
            + std::to_string(kMaxStoreValueBytes) + "-byte limit")
            .forField("value");
    const auto it = data.find(key);
    const std::size_t before = it == data.end() ? 0 : key.size() + it->second.size();
    const std::size_t after = key.size() + value.size();
    if (it == data.end() && data.size() >= kMaxStoreKeys)
        throw Error::invalidInput("the store holds " + std::to_string(kMaxStoreKeys) + " keys, its limit");
    if (held - before + after > kMaxStoreBytes)
        throw Error::invalidInput("the store would hold more than " + std::to_string(kMaxStoreBytes >> 20) + " MiB");
    held = held - before + after;
    data[key] = std::move(value);
}

bool StoreHost::Impl::allPresent(const std::vector<std::string>& keys) const
{
    return std::all_of(keys.begin(), keys.end(), [&](const std::string& k) { return data.count(k) != 0; });
}

void StoreHost::Impl::park(const std::string& peer, const Message& m, std::vector<std::string> keys, bool wantsValue)
{
    if (waiters.size() >= kMaxStoreWaiters)
        throw Error::failure("too many requests are waiting on the store");
    const double askedS = jsonFieldOr<double>(m.body, "timeout_ms", 0.0, "store request") / 1000.0;
    const double waitS = askedS > 0 && askedS < opt.maxWaitS ? askedS : opt.maxWaitS;
    Message envelope = m;
    envelope.body = Json::object();
    waiters.push_back({ peer, std::move(envelope), std::move(keys), wantsValue,
        Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(waitS)) });
}

void StoreHost::Impl::wakeWaiters()
{
    std::erase_if(waiters, [&](const Waiter& w) {
        if (!allPresent(w.keys))
            return false;
        if (w.wantsValue) {
            const Bytes& v = data.at(w.keys.front());
            answer(w.peer, w.request, { { "value", detail::hexEncode(v.data(), v.size()) } });
        } else {
            answer(w.peer, w.request, Json::object());
        }
        return true;
    });
}

void StoreHost::Impl::expireWaiters()
{
    std::lock_guard<std::mutex> lock(mutex);
    const auto now = Clock::now();
    std::erase_if(waiters, [&](const Waiter& w) {
        if (now < w.deadline)
            return false;
        Message err = makeErrorReply(w.request, Rejection::None,
            "timed out waiting for key '" + w.keys.front().substr(std::min(w.keys.front().size(), keyRoot.size()))
                + "' in the rendezvous store");
        err.body["code"] = "failed";
        socket->send(w.peer, err);
        return true;
    });
}

void StoreHost::Impl::onSet(const std::string& peer, const Message& m)
{
    put(keyOf(m.body), detail::hexDecode(jsonField<std::string>(m.body, "value", m.type)));
    answer(peer, m, Json::object());
    wakeWaiters();
}

void StoreHost::Impl::onGet(const std::string& peer, const Message& m)
{
    const auto key = keyOf(m.body);
    if (const auto it = data.find(key); it != data.end()) {
        answer(peer, m, { { "value", detail::hexEncode(it->second.data(), it->second.size()) } });
        return;
    }
    park(peer, m, { key }, true);
}

void StoreHost::Impl::onAdd(const std::string& peer, const Message& m)
{
    const auto key = keyOf(m.body);
    const auto delta = jsonField<std::int64_t>(m.body, "delta", m.type);
    std::int64_t value = 0;
    if (const auto it = data.find(key); it != data.end()) {
        const std::string text(it->second.begin(), it->second.end());
        std::size_t used = 0;
        try {
            value = std::stoll(text, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != text.size())
            throw Error::invalidInput("the key holds no number to add to").forField("key");
    }
    if ((delta > 0 && value > INT64_MAX - delta) || (delta < 0 && value < INT64_MIN - delta))
        throw Error::invalidInput("the sum overflows a 64-bit integer").forField("delta");
    value += delta;
    const std::string text = std::to_string(value);
    put(key, Bytes(text.begin(), text.end()));
    answer(peer, m, { { "value", value } });
    wakeWaiters();
}

// c10d's compareSet: a missing key is created only when `expected` is empty; the answer is the value now held
// (or `expected` when a missing key was not created).
void StoreHost::Impl::onCompareSet(const std::string& peer, const Message& m)
{
    const auto key = keyOf(m.body);
    const Bytes expected = detail::hexDecode(jsonField<std::string>(m.body, "expected", m.type));
    Bytes desired = detail::hexDecode(jsonField<std::string>(m.body, "desired", m.type));
    const auto it = data.find(key);
    const Bytes* now = nullptr;
    if ((it == data.end() && expected.empty()) || (it != data.end() && it->second == expected)) {
        put(key, std::move(desired));
        now = &data.at(key);
    } else {
        now = it == data.end() ? &expected : &it->second;
    }
    answer(peer, m, { { "value", detail::hexEncode(now->data(), now->size()) } });
    wakeWaiters();
}

void StoreHost::Impl::onCheck(const std::string& peer, const Message& m)
{
    answer(peer, m, { { "ready", allPresent(keysOf(m.body)) } });
}

void StoreHost::Impl::onWait(const std::string& peer, const Message& m)
{
    auto keys = keysOf(m.body);
    if (keys.empty() || allPresent(keys)) {
        answer(peer, m, Json::object());
        return;
    }
    park(peer, m, std::move(keys), false);
}

void StoreHost::Impl::onDelete(const std::string& peer, const Message& m)
{
    const auto key = keyOf(m.body);
    const auto it = data.find(key);
    const bool found = it != data.end();
    if (found) {
        held -= key.size() + it->second.size();
        data.erase(it);
    }
    answer(peer, m, { { "deleted", found } });
}

void StoreHost::Impl::onCount(const std::string& peer, const Message& m)
{
    answer(peer, m, { { "count", static_cast<std::int64_t>(data.size()) } });
}

StoreHost::StoreHost(const StoreHostOptions& options)
    : m_impl(std::make_unique<Impl>())
{
    auto& d = *m_impl;
    d.opt = options;
    if (d.opt.token.empty())
        throw Error::failure("the rendezvous store needs the job's token").inOp("start the rendezvous store");
    d.keyRoot = "edl/" + d.secret + "/g";
    try {
        d.socket = std::make_unique<ControlSocket>(d.opt.host, d.opt.port,
            SocketLimits{
                .maxFrameBytes = kMaxStoreFrameBytes, .handshakeS = 5.0, .peerSilenceS = d.opt.peerSilenceS });
    } catch (const Error& e) {
        throw Error::failure("cannot start the rendezvous store: " + e.message())
            .inOp("rendezvous store on " + d.opt.host);
    }
    const std::string& ep = d.socket->endpoint();
    d.port = std::stoi(ep.substr(ep.rfind(':') + 1));
    d.thread = std::thread([&d] { d.serve(); });
}

StoreHost::~StoreHost()
{
    m_impl->stop = true;
    if (m_impl->thread.joinable())
        m_impl->thread.join();
}

const std::string& StoreHost::host() const
{
    return m_impl->opt.host;
}

int StoreHost::port() const
{
    return m_impl->port;
}

std::string StoreHost::generationPrefix(std::int64_t generation) const
{
    return m_impl->keyRoot + std::to_string(generation) + "/";
}

void StoreHost::forgetGenerationsBefore(std::int64_t generation)
{
    auto& d = *m_impl;
    std::lock_guard<std::mutex> lock(d.mutex);
    std::erase_if(d.data, [&](const auto& kv) {
        const std::string& key = kv.first;
        const auto slash = key.find('/', d.keyRoot.size());
        std::int64_t g = 0;
        try {
            g = std::stoll(key.substr(d.keyRoot.size(), slash - d.keyRoot.size()));
        } catch (const std::exception&) {
            return false;
        }
        if (g >= generation)
            return false;
        d.held -= key.size() + kv.second.size();
        return true;
    });
}

std::size_t StoreHost::keys() const
{
    std::lock_guard<std::mutex> lock(m_impl->mutex);
    return m_impl->data.size();
}

std::size_t StoreHost::bytes() const
{
    std::lock_guard<std::mutex> lock(m_impl->mutex);
    return m_impl->held;
}

} // namespace vantage::edl
