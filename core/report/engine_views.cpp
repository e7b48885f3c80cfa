#include "report/engine_views.h"

#include "common/error.h"
#include "report/text.h"

#include <algorithm>
#include <array>

namespace vantage::report {

namespace {

bool isScalar(const Json& v)
{
    return v.is_null() || v.is_boolean() || v.is_number() || v.is_string();
}

bool isInlineArray(const Json& v, std::size_t maxSize)
{
    return v.is_array() && v.size() <= maxSize && std::all_of(v.begin(), v.end(), [](const Json& e) {
        return e.is_null() || e.is_boolean() || e.is_number()
            || (e.is_string() && e.get_ref<const std::string&>().size() <= 40);
    });
}

// Leaves of a subtree as the table would show them, counted up to `cap`.
std::size_t leafCount(const Json& v, const FlattenOptions& o, std::size_t cap)
{
    if (isScalar(v) || isInlineArray(v, o.maxInlineArray) || v.empty())
        return 1;
    std::size_t n = 0;
    for (const auto& e : v) {
        n += leafCount(e, o, cap - std::min(n, cap));
        if (n > cap)
            break;
    }
    return n;
}

std::string summaryText(const Json& v)
{
    if (v.is_array())
        return "array of " + std::to_string(v.size()) + (v.size() == 1 ? " item" : " items");
    return "object with " + std::to_string(v.size()) + (v.size() == 1 ? " key" : " keys");
}

void flatten(const Json& v, const std::string& key, int depth, const FlattenOptions& o, FlatJson& out)
{
    auto emit = [&](JsonRow row) {
        if (out.rows.size() >= o.maxRows)
            ++out.omitted;
        else
            out.rows.push_back(std::move(row));
    };
    if (isScalar(v) || isInlineArray(v, o.maxInlineArray) || v.empty()) {
        JsonRow row{ key, v, displayJson(v), false, false };
        if (v.is_string() && utf8Length(v.get_ref<const std::string&>()) > o.maxString) {
            const std::string& s = v.get_ref<const std::string&>();
            std::size_t cut = 0, points = 0;
            while (cut < s.size() && points < o.maxString) {
                ++cut;
                while (cut < s.size() && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
                    ++cut;
                ++points;
            }
            row.display = s.substr(0, cut) + "…";
            row.truncated = true;
        }
        emit(std::move(row));
        return;
    }
    if (!key.empty() && (depth > 4 || leafCount(v, o, o.maxLeaves) > o.maxLeaves)) {
        emit({ key, nullptr, summaryText(v), true, false });
        return;
    }
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (key.empty() && o.skipKeys.count(it.key()))
                continue;
            flatten(it.value(), key.empty() ? it.key() : key + "." + it.key(), depth + 1, o, out);
        }
    } else {
        for (std::size_t i = 0; i < v.size(); ++i)
            flatten(v[i], key + "[" + std::to_string(i) + "]", depth + 1, o, out);
    }
}

double number(const Json& j, const char* key, const std::string& where)
{
    return jsonField<double>(j, key, where);
}

} // namespace

std::string displayJson(const Json& v)
{
    switch (v.type()) {
    case Json::value_t::null:
        return "—";
    case Json::value_t::boolean:
        return v.get<bool>() ? "true" : "false";
    case Json::value_t::number_integer:
        return std::to_string(v.get<std::int64_t>());
    case Json::value_t::number_unsigned:
        return std::to_string(v.get<std::uint64_t>());
    case Json::value_t::number_float:
        return formatNumber(v.get<double>());
    case Json::value_t::string:
        return v.get<std::string>();
    case Json::value_t::array: {
        std::string s = "[";
        for (std::size_t i = 0; i < v.size(); ++i)
            s += (i ? ", " : "") + (v[i].is_string() ? v[i].get<std::string>() : displayJson(v[i]));
        return s + "]";
    }
    case Json::value_t::object:
        return v.empty() ? "{}" : summaryText(v);
    default:
        return v.dump();
    }
}

FlatJson flattenJson(const Json& value, const FlattenOptions& options)
{
    FlatJson out;
    if (value.is_null())
        return out;
    if (!value.is_object()) {
        flatten(value, "value", 0, options, out);
        return out;
    }
    flatten(value, "", 0, options, out);
    return out;
}

std::optional<FtSearchView> ftSearchView(const store::RunInfo& run)
{
    if (run.engine != store::Engine::Ft || !run.result.is_object() || !run.result.contains("frontiers"))
        return std::nullopt;
    const std::string where = "run " + std::to_string(run.id) + " result";
    const Json& r = run.result;
    FtSearchView view;
    view.model = jsonFieldOr<std::string>(r, "model", "", where);
    view.cluster = jsonFieldOr<std::string>(r, "cluster", "", where);
    view.batch = jsonFieldOr<std::int64_t>(r, "batch", 0, where);
    view.deviceMemory = jsonFieldOr<double>(r, "device_memory", 0.0, where);
    const Json& fs = r.at("frontiers");
    if (!fs.is_array())
        throw Error::invalidInput("'frontiers' is not an array in " + where).forField("frontiers");
    for (std::size_t i = 0; i < fs.size(); ++i) {
        const std::string at = where + ", frontiers[" + std::to_string(i) + "]";
        const Json& f = fs[i];
        FrontierView fv;
        fv.devices = jsonField<std::int64_t>(f, "devices", at);
        fv.searchS = jsonFieldOr<double>(f, "search_s", 0.0, at);
        const Json& points = detail::requireObjectKey(f, "points", at);
        for (const auto& p : points)
            fv.points.push_back({ number(p, "time", at + ", points"), number(p, "memory", at + ", points"),
                jsonFieldOr<std::int64_t>(p, "strategy", 0, at + ", points") });
        if (f.contains("baselines"))
            for (const auto& b : f.at("baselines"))
                fv.baselines.push_back({ jsonField<std::string>(b, "name", at + ", baselines"),
                    number(b, "time", at + ", baselines"), number(b, "memory", at + ", baselines") });
        view.frontiers.push_back(std::move(fv));
    }
    return view;
}

std::optional<double> MetricTable::value(const std::string& metric, const std::string& split, int k) const
{
    auto it = values.find({ metric, split, k });
    if (it == values.end())
        return std::nullopt;
    return it->second;
}

std::optional<MetricTable> ppacMetricTable(const store::RunInfo& run)
{
    if (run.engine != store::Engine::Ppac || !run.result.is_object() || !run.result.contains("metrics"))
        return std::nullopt;
    const Json& m = run.result.at("metrics");
    if (!m.is_object())
        return std::nullopt;
    static const std::array<std::string, 7> kOrder
        = { "recall", "precision", "ndcg", "arp", "coverage", "gini", "tail" };
    MetricTable t;
    std::set<int> ks;
    std::set<std::string> names;
    for (auto it = m.begin(); it != m.end(); ++it) {
        if (!it.value().is_object())
            continue;
        t.splits.push_back(it.key());
        for (auto e = it.value().begin(); e != it.value().end(); ++e) {
            if (!e.value().is_number())
                continue;
            const std::string& key = e.key();
            if (key == "users") {
                t.users[it.key()] = e.value().get<double>();
                continue;
            }
            const auto at = key.rfind('@');
            if (at == std::string::npos || at == 0 || at + 1 >= key.size()
                || key.find_first_not_of("0123456789", at + 1) != std::string::npos)
                continue;
            const int k = std::stoi(key.substr(at + 1));
            const std::string metric = key.substr(0, at);
            t.values[{ metric, it.key(), k }] = e.value().get<double>();
            ks.insert(k);
            names.insert(metric);
        }
    }
    if (t.values.empty())
        return std::nullopt;
    auto rank = [](const std::string& s) {
        if (s == "full")
            return 0;
        if (s == "balanced")
            return 1;
        return 2;
    };
    std::stable_sort(t.splits.begin(), t.splits.end(), [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
    t.ks.assign(ks.begin(), ks.end());
    for (const auto& name : kOrder)
        if (names.erase(name))
            t.metrics.push_back(name);
    t.metrics.insert(t.metrics.end(), names.begin(), names.end());
    return t;
}

std::string metricTitle(const std::string& metric)
{
    static const std::map<std::string, std::string> kTitles
        = { { "recall", "Recall" }, { "precision", "Precision" }, { "ndcg", "NDCG" }, { "arp", "ARP" },
              { "coverage", "Coverage" }, { "gini", "Gini" }, { "tail", "Tail share" } };
    auto it = kTitles.find(metric);
    return it == kTitles.end() ? metric : it->second;
}

std::vector<SeriesGroup> groupSeries(const std::vector<std::string>& names)
{
    std::map<std::string, std::size_t> prefixCount;
    for (const auto& n : names) {
        const auto slash = n.find('/');
        if (slash != std::string::npos && slash > 0)
            ++prefixCount[n.substr(0, slash)];
    }
    std::vector<SeriesGroup> groups;
    std::map<std::string, std::size_t> groupOf;
    for (const auto& n : names) {
        const auto slash = n.find('/');
        const std::string prefix = slash != std::string::npos && slash > 0 ? n.substr(0, slash) : std::string();
        if (prefix.empty() || prefixCount[prefix] < 2) {
            groups.push_back({ n, { n } });
            continue;
        }
        auto it = groupOf.find(prefix);
        if (it == groupOf.end()) {
            groupOf[prefix] = groups.size();
            groups.push_back({ prefix, { n } });
        } else {
            groups[it->second].names.push_back(n);
        }
    }
    return groups;
}

} // namespace vantage::report
