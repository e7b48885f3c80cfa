// DGI's frontier walk (frontier_runner_p.h): the nodes each layer must compute for a set of targets.

#include "dgi/frontier_runner_p.h"

#include <algorithm>

namespace vantage::dgi::detail {

FrontierRunner::FrontierRunner(Engine& engine, const Graph& graph, const LayerSchema& schema)
    : m_engine(engine)
    , m_graph(graph)
    , m_schema(schema)
    , m_mark(static_cast<std::size_t>(graph.numNodes()), 0)
{
    m_maps.resize(schema.layers.size() + 1);
}

Tensor FrontierRunner::run(const std::vector<std::int64_t>& targets, std::vector<LayerStats>& stats,
    std::int64_t& touched, const CancelToken& cancel, const std::function<void(double)>& progress)
{
    const int L = static_cast<int>(m_schema.layers.size());
    std::vector<NodeSet> sets(static_cast<std::size_t>(L + 1));
    std::vector<std::int64_t> ids(targets);
    std::sort(ids.begin(), ids.end());
    fill(sets[static_cast<std::size_t>(L)], std::move(ids), L);
    for (int k = L; k >= 1; --k) {
        const NodeSet& d = sets[static_cast<std::size_t>(k)];
        std::vector<std::int64_t> next;
        next.reserve(static_cast<std::size_t>(d.size) * 2);
        for (auto v : d.ids)
            if (!m_mark[static_cast<std::size_t>(v)]++)
                next.push_back(v);
        for (auto v : d.ids)
            for (auto u : m_graph.inNeighbours(v))
                if (!m_mark[static_cast<std::size_t>(u)]++)
                    next.push_back(u);
        for (auto v : next)
            m_mark[static_cast<std::size_t>(v)] = 0;
        std::sort(next.begin(), next.end());
        fill(sets[static_cast<std::size_t>(k - 1)], std::move(next), k - 1);
    }
    for (int k = 1; k <= L; ++k) {
        touched += sets[static_cast<std::size_t>(k)].size;
        m_engine.runLayer(k - 1, sets[static_cast<std::size_t>(k)], sets[static_cast<std::size_t>(k - 1)],
            stats[static_cast<std::size_t>(k - 1)], cancel, [&](double f) { progress((k - 1 + f) / L); });
    }
    auto out = m_engine.take(m_schema.tensors[static_cast<std::size_t>(m_schema.outputTensor)].value);
    const Tensor t = torch::from_blob(
        const_cast<std::int64_t*>(targets.data()), { static_cast<std::int64_t>(targets.size()) }, torch::kLong);
    return out->t.index_select(0, out->set->toLocal(t));
}

void FrontierRunner::fill(NodeSet& s, std::vector<std::int64_t> ids, int level)
{
    s.all = false;
    s.size = static_cast<std::int64_t>(ids.size());
    s.ids = std::move(ids);
    s.idsT = torch::from_blob(s.ids.data(), { s.size }, torch::kLong);
    Tensor& map = m_maps[static_cast<std::size_t>(level)];
    if (!map.defined())
        map = torch::zeros({ m_graph.numNodes() }, torch::kLong);
    map.index_put_({ s.idsT }, torch::arange(s.size, torch::kLong));
    s.map = map;
}

} // namespace vantage::dgi::detail
