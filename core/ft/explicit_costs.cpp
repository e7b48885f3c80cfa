#include "ft/explicit_costs.h"

#include "common/error.h"
#include "common/json.h"
#include "ft/json_reader.h"

#include <cmath>
#include <map>

namespace vantage::ft {

namespace {

using detail::JsonReader;

std::vector<double> readMatrix(const JsonReader& r, const Json& edge, const char* key, const std::string& at,
    const CostGraph::Node& from, const CostGraph::Node& to)
{
    const std::size_t rows = from.configs.size(), cols = to.configs.size();
    std::vector<double> out(rows * cols, 0.0);
    if (!r.has(edge, key))
        return out;
    const Json& m = edge.at(key);
    const std::string p = at + "/" + key;
    const std::string shape = std::to_string(rows) + "x" + std::to_string(cols) + " ('" + from.name + "' has "
        + std::to_string(rows) + " configurations, '" + to.name + "' has " + std::to_string(cols) + ")";
    if (!m.is_array())
        r.fail(std::string("expected a matrix (array of rows), found ") + m.type_name(), p);
    if (m.size() != rows)
        r.fail("matrix of the wrong shape: " + std::to_string(m.size()) + " rows, expected " + shape, p);
    for (std::size_t i = 0; i < rows; ++i) {
        const std::string rp = p + "/" + std::to_string(i);
        if (!m[i].is_array())
            r.fail("matrix row is not an array", rp);
        if (m[i].size() != cols)
            r.fail("matrix of the wrong shape: row " + std::to_string(i) + " has " + std::to_string(m[i].size())
                    + " entries, expected " + shape,
                rp);
        for (std::size_t j = 0; j < cols; ++j) {
            const std::string cp = rp + "/" + std::to_string(j);
            if (!m[i][j].is_number())
                r.fail(std::string("expected a number, found ") + m[i][j].type_name(), cp);
            const double v = m[i][j].get<double>();
            if (!std::isfinite(v))
                r.fail("expected a finite number", cp);
            if (v < 0.0)
                r.fail("negative cost " + m[i][j].dump(), cp);
            out[i * cols + j] = v;
        }
    }
    return out;
}

CostGraph readCosts(const Json& j, const JsonReader& r)
{
    r.requireObject(j, "", { "ops", "edges" });
    CostGraph g;
    const Json& ops = r.array(j, "ops", "");
    if (ops.empty())
        r.fail("there are no ops", "/ops");
    std::map<std::string, int> index;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const std::string at = "/ops/" + std::to_string(i);
        r.requireObject(ops[i], at, { "name", "configs" });
        CostGraph::Node node;
        node.name = r.string(ops[i], "name", at);
        if (node.name.empty())
            r.fail("an op needs a non-empty name", at + "/name");
        if (!index.emplace(node.name, static_cast<int>(i)).second)
            r.fail("duplicate op name '" + node.name + "'", at + "/name");
        const Json& configs = r.array(ops[i], "configs", at);
        if (configs.empty())
            r.fail("op '" + node.name + "' has no configurations", at + "/configs");
        if (configs.size() > 65535)
            r.fail("more than 65535 configurations", at + "/configs");
        std::map<std::string, int> names;
        for (std::size_t c = 0; c < configs.size(); ++c) {
            const std::string cp = at + "/configs/" + std::to_string(c);
            r.requireObject(configs[c], cp, { "name", "time", "memory" });
            CostGraph::Config config;
            config.name = r.string(configs[c], "name", cp);
            if (!names.emplace(config.name, 0).second)
                r.fail("duplicate configuration name '" + config.name + "' in op '" + node.name + "'", cp + "/name");
            config.time = r.nonNegative(configs[c], "time", cp);
            config.memory = r.nonNegative(configs[c], "memory", cp);
            node.configs.push_back(std::move(config));
        }
        g.nodes.push_back(std::move(node));
    }
    if (!r.has(j, "edges"))
        return g;
    const Json& edges = r.array(j, "edges", "");
    std::vector<std::vector<std::pair<int, std::size_t>>> out(g.nodes.size()); // (to, edge index)
    for (std::size_t e = 0; e < edges.size(); ++e) {
        const std::string at = "/edges/" + std::to_string(e);
        r.requireObject(edges[e], at, { "from", "to", "time", "memory" });
        auto endpoint = [&](const char* key) {
            const std::string name = r.string(edges[e], key, at);
            const auto it = index.find(name);
            if (it == index.end())
                r.fail("unknown op '" + name + "' in edge " + std::to_string(e), at + "/" + key);
            return it->second;
        };
        CostGraph::Edge edge;
        edge.from = endpoint("from");
        edge.to = endpoint("to");
        if (edge.from == edge.to)
            r.fail("edge " + std::to_string(e) + " goes from '" + g.nodes[static_cast<std::size_t>(edge.from)].name
                    + "' to itself",
                at + "/to");
        const auto& from = g.nodes[static_cast<std::size_t>(edge.from)];
        const auto& to = g.nodes[static_cast<std::size_t>(edge.to)];
        edge.time = readMatrix(r, edges[e], "time", at, from, to);
        edge.memory = readMatrix(r, edges[e], "memory", at, from, to);
        out[static_cast<std::size_t>(edge.from)].push_back({ edge.to, e });
        g.edges.push_back(std::move(edge));
    }
    // A cycle: depth-first search; report the ops around it and the edge that closes it.
    std::vector<int> colour(g.nodes.size(), 0), parent(g.nodes.size(), -1);
    for (std::size_t root = 0; root < g.nodes.size(); ++root) {
        if (colour[root] != 0)
            continue;
        std::vector<std::pair<int, std::size_t>> stack = { { static_cast<int>(root), 0 } };
        colour[root] = 1;
        while (!stack.empty()) {
            auto& [node, next] = stack.back();
            const auto& succ = out[static_cast<std::size_t>(node)];
            if (next == succ.size()) {
                colour[static_cast<std::size_t>(node)] = 2;
                stack.pop_back();
                continue;
            }
            const auto [to, edgeIndex] = succ[next++];
            if (colour[static_cast<std::size_t>(to)] == 1) {
                std::vector<std::string> path = { g.nodes[static_cast<std::size_t>(to)].name };
                for (int x = node; x != to; x = parent[static_cast<std::size_t>(x)])
                    path.insert(path.begin() + 1, g.nodes[static_cast<std::size_t>(x)].name);
                std::string text;
                for (const auto& p : path)
                    text += p + " -> ";
                text += g.nodes[static_cast<std::size_t>(to)].name;
                r.fail("the edges form a cycle: " + text, "/edges/" + std::to_string(edgeIndex));
            }
            if (colour[static_cast<std::size_t>(to)] == 0) {
                colour[static_cast<std::size_t>(to)] = 1;
                parent[static_cast<std::size_t>(to)] = node;
                stack.push_back({ to, 0 });
            }
        }
    }
    return g;
}

} // namespace

CostGraph explicitCostsFromJson(const Json& json, const std::string& source)
{
    return readCosts(json, JsonReader(source, {}));
}

CostGraph explicitCostsFromText(std::string_view text, const std::string& source)
{
    const Json j = parseJson(text, source);
    return readCosts(j, JsonReader(source, text));
}

CostGraph loadExplicitCosts(const std::filesystem::path& path)
{
    return explicitCostsFromText(readJsonText(path), path.string());
}

Json toJson(const CostGraph& g)
{
    Json ops = Json::array();
    for (const auto& n : g.nodes) {
        Json configs = Json::array();
        for (const auto& c : n.configs)
            configs.push_back({ { "name", c.name }, { "time", c.time }, { "memory", c.memory } });
        ops.push_back({ { "name", n.name }, { "configs", configs } });
    }
    Json edges = Json::array();
    for (const auto& e : g.edges) {
        const auto rows = static_cast<std::size_t>(g.configCount(e.from));
        const auto cols = static_cast<std::size_t>(g.configCount(e.to));
        Json t = Json::array(), m = Json::array();
        for (std::size_t i = 0; i < rows; ++i) {
            t.push_back(std::vector<double>(e.time.begin() + static_cast<std::ptrdiff_t>(i * cols),
                e.time.begin() + static_cast<std::ptrdiff_t>((i + 1) * cols)));
            m.push_back(std::vector<double>(e.memory.begin() + static_cast<std::ptrdiff_t>(i * cols),
                e.memory.begin() + static_cast<std::ptrdiff_t>((i + 1) * cols)));
        }
        edges.push_back({ { "from", g.nodes[static_cast<std::size_t>(e.from)].name },
            { "to", g.nodes[static_cast<std::size_t>(e.to)].name }, { "time", t }, { "memory", m } });
    }
    return { { "ops", ops }, { "edges", edges } };
}

Json frontierToJson(const CostGraph& g, const FrontierResult& result)
{
    Json points = Json::array();
    for (const auto& p : result.points) {
        Json a = Json::object();
        for (std::size_t i = 0; i < g.nodes.size(); ++i)
            a[g.nodes[i].name] = g.nodes[i].configs[static_cast<std::size_t>(p.assignment[i])].name;
        points.push_back({ { "time", p.time }, { "memory", p.memory }, { "assignment", a } });
    }
    return { { "points", points } };
}

} // namespace vantage::ft
