#include "ft/config.h"

#include "common/error.h"
#include "ft/op_graph.h"

#include <algorithm>
#include <cctype>

namespace vantage::ft {

std::string OpConfig::name() const
{
    std::string s;
    auto part = [&](char c, int d) {
        if (d > 1)
            s += c + std::to_string(d);
    };
    part('b', batch);
    part('s', spatial);
    part('c', out);
    part('k', reduce);
    part('r', replica);
    if (s.empty())
        s = "r1";
    if (zero > 0)
        s += 'z' + std::to_string(zero);
    if (recompute)
        s += 'R';
    return s;
}

OpConfig parseConfigName(std::string_view name)
{
    OpConfig c;
    bool seen[5] = {};
    std::size_t i = 0;
    auto bad = [&] {
        return Error::invalidInput("'" + std::string(name)
            + "' is not a configuration name (letters b, s, c, k, r each followed by a degree, "
              "then optionally z and a ZeRO stage 1-3 and R for recomputation, e.g. b4c2, b8z3R)");
    };
    if (name.empty())
        throw bad();
    std::string_view split = name;
    if (!split.empty() && split.back() == 'R') {
        c.recompute = true;
        split.remove_suffix(1);
    }
    if (const std::size_t z = split.find('z'); z != std::string_view::npos) {
        const std::string_view stage = split.substr(z + 1);
        if (stage.size() != 1 || stage[0] < '1' || stage[0] > '3')
            throw bad();
        c.zero = stage[0] - '0';
        split = split.substr(0, z);
    }
    if (split.empty())
        throw bad();
    if (split == "r1")
        return c;
    while (i < split.size()) {
        const char letter = split[i++];
        const std::size_t start = i;
        long long degree = 0;
        while (i < split.size() && std::isdigit(static_cast<unsigned char>(split[i]))) {
            degree = degree * 10 + (split[i++] - '0');
            if (degree > 1 << 20)
                throw bad();
        }
        if (i == start || degree < 1)
            throw bad();
        int slot = -1;
        int* target = nullptr;
        switch (letter) {
        case 'b':
            slot = 0;
            target = &c.batch;
            break;
        case 's':
            slot = 1;
            target = &c.spatial;
            break;
        case 'c':
            slot = 2;
            target = &c.out;
            break;
        case 'k':
            slot = 3;
            target = &c.reduce;
            break;
        case 'r':
            slot = 4;
            target = &c.replica;
            break;
        default:
            throw bad();
        }
        if (seen[slot])
            throw bad();
        seen[slot] = true;
        *target = static_cast<int>(degree);
    }
    return c;
}

std::string splitLabel(const OpConfig& c)
{
    std::string s;
    auto part = [&](const char* label, int d) {
        if (d <= 1)
            return;
        if (!s.empty())
            s += '+';
        s += label;
    };
    part("batch", c.batch);
    part("spatial", c.spatial);
    part("out", c.out);
    part("reduce", c.reduce);
    part("replica", c.replica);
    return s.empty() ? "single" : s;
}

SplitDims splitDims(const Op& op)
{
    switch (op.kind) {
    case OpKind::Embedding:
    case OpKind::Linear:
        return { .batch = true, .out = true, .reduce = true, .replica = true };
    case OpKind::Conv2d:
        // A grouped conv's output split takes whole groups with their own input channels; the
        // channels within a group (one, depthwise) are not split as a reduction.
        return { .batch = true, .spatial = true, .out = true, .reduce = op.groups == 1, .replica = true };
    case OpKind::Attention:
        return { .batch = true, .spatial = true, .out = true, .replica = true };
    case OpKind::LayerNorm:
    case OpKind::RmsNorm:
        return { .batch = true, .spatial = true, .replica = true };
    case OpKind::Elementwise:
    case OpKind::Pool:
    case OpKind::Concat:
        return { .batch = true, .spatial = true, .out = true, .replica = true };
    case OpKind::Loss:
        return { .batch = true, .out = true, .replica = true };
    }
    return { .replica = true };
}

namespace {

// Sizes of the dims a degree may not exceed.
struct DimSizes {
    std::int64_t batch, spatial, out, reduce;
};

DimSizes dimSizes(const Op& op)
{
    DimSizes s{ op.output.batch, op.output.height, op.output.features, 1 };
    switch (op.kind) {
    case OpKind::Embedding:
        s.reduce = op.vocab;
        break;
    case OpKind::Linear:
        s.reduce = op.input.features;
        break;
    case OpKind::Conv2d:
        s.reduce = op.input.features / op.groups;
        if (op.groups > 1)
            s.out = op.groups;
        break;
    case OpKind::Attention:
        s.out = op.heads;
        break;
    case OpKind::Loss:
        s.out = op.input.features;
        break;
    default:
        break;
    }
    return s;
}

void factorizations(int n, int parts, std::vector<int>& current, std::vector<std::vector<int>>& out)
{
    if (parts == 1) {
        if (n >= 2) {
            current.push_back(n);
            out.push_back(current);
            current.pop_back();
        }
        return;
    }
    for (int d = 2; d <= n; ++d) {
        if (n % d != 0)
            continue;
        current.push_back(d);
        factorizations(n / d, parts - 1, current, out);
        current.pop_back();
    }
}

// ZeRO stages for weighted ops with a data-parallel group, selective recomputation for attention:
// after the plain configurations, so that those keep their indices.
void addKnobVariants(const Op& op, const ConfigOptions& options, std::vector<OpConfig>& configs)
{
    const std::size_t plain = configs.size();
    if (options.zeroStages > 0 && op.params > 0)
        for (std::size_t i = 0; i < plain; ++i)
            if (configs[i].batch * configs[i].spatial > 1)
                for (int z = 1; z <= std::min(options.zeroStages, 3); ++z) {
                    OpConfig v = configs[i];
                    v.zero = z;
                    configs.push_back(v);
                }
    if (options.recompute && op.kind == OpKind::Attention) {
        const std::size_t n = configs.size();
        for (std::size_t i = 0; i < n; ++i) {
            OpConfig v = configs[i];
            v.recompute = true;
            configs.push_back(v);
        }
    }
}

} // namespace

std::vector<OpConfig> enumerateConfigs(const Op& op, int devices, const ConfigOptions& options)
{
    if (devices < 1)
        throw Error::invalidInput("the device count must be at least 1, is " + std::to_string(devices));
    if (devices == 1)
        return { OpConfig{} };
    const SplitDims allowed = splitDims(op);
    const DimSizes size = dimSizes(op);
    // Dims in enumeration order: batch first so that plain data parallelism comes first.
    enum {
        B,
        S,
        C,
        K,
        R
    };
    const bool can[5] = { allowed.batch, allowed.spatial, allowed.out, allowed.reduce, allowed.replica };
    const std::int64_t limit[5] = { size.batch, size.spatial, size.out, size.reduce, std::int64_t(devices) };
    const int maxDims = std::clamp(options.maxSplitDims, 1, 5);

    std::vector<OpConfig> configs;
    std::vector<int> dims;
    for (int mask = 1; mask < 32; ++mask) {
        dims.clear();
        bool ok = true;
        for (int d = 0; d < 5; ++d) {
            if (mask & (1 << d)) {
                ok = ok && can[d];
                dims.push_back(d);
            }
        }
        if (!ok || static_cast<int>(dims.size()) > maxDims)
            continue;
        if ((mask & (1 << R)) && (mask & ~((1 << R) | (1 << B))))
            continue; // replication goes with batch only
        std::vector<std::vector<int>> facts;
        std::vector<int> current;
        factorizations(devices, static_cast<int>(dims.size()), current, facts);
        for (const auto& f : facts) {
            int deg[5] = { 1, 1, 1, 1, 1 };
            bool fits = true;
            for (std::size_t i = 0; i < dims.size(); ++i) {
                deg[dims[i]] = f[i];
                fits = fits && f[i] <= limit[dims[i]];
            }
            if (fits)
                configs.push_back({ deg[B], deg[S], deg[C], deg[K], deg[R] });
        }
    }
    // Sorted by (number of split dims, name) after pure batch: stable ids across runs.
    std::stable_sort(configs.begin(), configs.end(), [](const OpConfig& a, const OpConfig& b) {
        auto dimsOf = [](const OpConfig& c) {
            return (c.batch > 1) + (c.spatial > 1) + (c.out > 1) + (c.reduce > 1) + (c.replica > 1);
        };
        const bool aDp = a.batch > 1 && dimsOf(a) == 1, bDp = b.batch > 1 && dimsOf(b) == 1;
        if (aDp != bDp)
            return aDp;
        return dimsOf(a) < dimsOf(b);
    });
    addKnobVariants(op, options, configs);
    return configs;
}

void TensorLayout::push(TensorDim dim, int degree)
{
    if (degree > 1)
        parts[static_cast<std::size_t>(count++)] = { dim, degree };
}

int TensorLayout::degree(TensorDim dim) const
{
    int d = 1;
    for (int i = 0; i < count; ++i)
        if (parts[static_cast<std::size_t>(i)].dim == dim)
            d *= parts[static_cast<std::size_t>(i)].degree;
    return d;
}

bool TensorLayout::operator==(const TensorLayout& other) const
{
    if (count != other.count)
        return false;
    for (int i = 0; i < count; ++i) {
        const auto& a = parts[static_cast<std::size_t>(i)];
        const auto& b = other.parts[static_cast<std::size_t>(i)];
        if (a.dim != b.dim || a.degree != b.degree)
            return false;
    }
    return true;
}

TensorLayout outputLayout(const Op&, const OpConfig& c)
{
    TensorLayout l;
    l.push(TensorDim::Batch, c.batch);
    l.push(TensorDim::Positions, c.spatial);
    l.push(TensorDim::Features, c.out);
    l.push(TensorDim::Replica, c.reduce); // partial sums are all-reduced by the op
    l.push(TensorDim::Replica, c.replica);
    return l;
}

TensorLayout inputLayout(const Op& op, int port, const OpConfig& c)
{
    TensorLayout l;
    l.push(TensorDim::Batch, c.batch);
    // A channel scale broadcast over the positions: every device of a position split needs all of it.
    const bool broadcast = port >= 0 && static_cast<std::size_t>(port) < op.broadcast.size()
        && op.broadcast[static_cast<std::size_t>(port)];
    l.push(broadcast ? TensorDim::Replica : TensorDim::Positions, c.spatial);
    switch (op.kind) {
    case OpKind::Conv2d:
        if (op.groups > 1) { // each device's groups read their own input channels
            l.push(TensorDim::Features, c.out);
            l.push(TensorDim::Replica, c.reduce);
            break;
        }
        [[fallthrough]];
    case OpKind::Linear:
        // Input features are the reduction dim; the output split sees the whole input.
        l.push(TensorDim::Replica, c.out);
        l.push(TensorDim::Features, c.reduce);
        break;
    case OpKind::Embedding:
        // Token ids: every device of a row split looks up its rows for all tokens of its batch.
        l.push(TensorDim::Replica, c.out);
        l.push(TensorDim::Replica, c.reduce);
        break;
    default:
        // Features pass through (attention: the heads' slices of q, k, v).
        l.push(TensorDim::Features, c.out);
        l.push(TensorDim::Replica, c.reduce);
        break;
    }
    l.push(TensorDim::Replica, c.replica);
    return l;
}

TensorLayout flattened(const TensorLayout& layout)
{
    // [B, C, H, W] -> [B, C*H*W]: a split of C or of the rows is a split of the flat features.
    TensorLayout l;
    int positions = 1;
    for (int i = 0; i < layout.count; ++i) {
        const auto& p = layout.parts[static_cast<std::size_t>(i)];
        if (p.dim == TensorDim::Positions)
            positions *= p.degree;
        else if (p.dim == TensorDim::Features) {
            l.push(TensorDim::Features, p.degree * positions);
            positions = 1;
        } else {
            l.push(p.dim, p.degree);
        }
    }
    if (positions > 1)
        l.push(TensorDim::Features, positions);
    return l;
}

} // namespace vantage::ft
