#include "dgi/models.h"

#include "common/error.h"
#include "dgi/export_import.h"
#include "dgi/torchscript_import.h"

namespace vantage::dgi {

namespace {

std::int64_t outWidth(const ModelSpec& s)
{
    return s.outputWidth > 0 ? s.outputWidth : s.hidden;
}

Json specJson(const ModelSpec& s)
{
    Json j = { { "model", enumName(s.kind) }, { "in", s.inputWidth }, { "hidden", s.hidden }, { "out", outWidth(s) },
        { "layers", s.layers }, { "seed", s.seed } };
    if (s.kind == ModelKind::Gat)
        j["heads"] = s.heads;
    return j;
}

// Symmetric normalisation weight of every edge: 1 / sqrt(deg(src) deg(dst)), as an [E, 1] column.
Value gcnEdgeWeight(Tracer& g)
{
    Tracer::Scope scope(g, "gcn_norm");
    const Value norm = pow(clampMin(g.inDegree(), 1.0), -0.5);
    return unsqueeze(gatherSrc(norm) * gatherDst(norm));
}

class Gcn final : public GnnModel {
public:
    explicit Gcn(const ModelSpec& s)
        : m_spec(s)
    {
        for (int l = 0; l < s.layers; ++l) {
            const auto in = l == 0 ? s.inputWidth : s.hidden;
            const auto out = l + 1 == s.layers ? outWidth(s) : s.hidden;
            const std::string name = "conv" + std::to_string(l + 1);
            m_lins.emplace_back(name, in, out, false, s.seed);
            m_bias.push_back(Parameter::uniform(name + ".bias", { out }, 0.1, s.seed));
        }
    }
    std::string name() const override { return "gcn"; }
    std::int64_t inputWidth() const override { return m_spec.inputWidth; }
    Json hyperParameters() const override { return specJson(m_spec); }
    Value forward(Tracer& g, const Value& x) const override
    {
        const Value w = gcnEdgeWeight(g);
        Value h = x;
        for (int l = 0; l < m_spec.layers; ++l) {
            Tracer::Scope scope(g, "conv" + std::to_string(l + 1));
            h = m_lins[static_cast<std::size_t>(l)](h);
            h = aggregate(gatherSrc(h) * w, Reduction::Sum) + g.use(m_bias[static_cast<std::size_t>(l)]);
            if (l + 1 < m_spec.layers)
                h = dropout(relu(h), 0.5);
        }
        return h;
    }

private:
    ModelSpec m_spec;
    std::vector<Linear> m_lins;
    std::vector<Parameter> m_bias;
};

class Sage final : public GnnModel {
public:
    explicit Sage(const ModelSpec& s)
        : m_spec(s)
    {
        for (int l = 0; l < s.layers; ++l) {
            const auto in = l == 0 ? s.inputWidth : s.hidden;
            const auto out = l + 1 == s.layers ? outWidth(s) : s.hidden;
            const std::string name = "sage" + std::to_string(l + 1);
            m_self.emplace_back(name + ".self", in, out, true, s.seed);
            m_neigh.emplace_back(name + ".neigh", in, out, false, s.seed);
        }
    }
    std::string name() const override { return "sage"; }
    std::int64_t inputWidth() const override { return m_spec.inputWidth; }
    Json hyperParameters() const override { return specJson(m_spec); }
    Value forward(Tracer& g, const Value& x) const override
    {
        Value h = x;
        for (int l = 0; l < m_spec.layers; ++l) {
            Tracer::Scope scope(g, "sage" + std::to_string(l + 1));
            const auto i = static_cast<std::size_t>(l);
            h = m_self[i](h) + m_neigh[i](aggregate(gatherSrc(h), Reduction::Mean));
            if (l + 1 < m_spec.layers)
                h = relu(h);
        }
        return h;
    }

private:
    ModelSpec m_spec;
    std::vector<Linear> m_self;
    std::vector<Linear> m_neigh;
};

class Gat final : public GnnModel {
public:
    explicit Gat(const ModelSpec& s)
        : m_spec(s)
    {
        for (int l = 0; l < s.layers; ++l) {
            const bool last = l + 1 == s.layers;
            const auto in = l == 0 ? s.inputWidth : s.hidden;
            const auto perHead = last ? outWidth(s) : s.hidden / s.heads;
            const std::string name = "gat" + std::to_string(l + 1);
            m_lins.emplace_back(name, in, perHead * s.heads, false, s.seed);
            m_attSrc.push_back(Parameter::glorot(name + ".att_src", { s.heads, perHead }, s.seed));
            m_attDst.push_back(Parameter::glorot(name + ".att_dst", { s.heads, perHead }, s.seed));
            m_bias.push_back(Parameter::uniform(name + ".bias", { last ? perHead : perHead * s.heads }, 0.1, s.seed));
        }
    }
    std::string name() const override { return "gat"; }
    std::int64_t inputWidth() const override { return m_spec.inputWidth; }
    Json hyperParameters() const override { return specJson(m_spec); }
    Value forward(Tracer& g, const Value& x) const override
    {
        Value h = x;
        for (int l = 0; l < m_spec.layers; ++l) {
            Tracer::Scope scope(g, "gat" + std::to_string(l + 1));
            const auto i = static_cast<std::size_t>(l);
            const bool last = l + 1 == m_spec.layers;
            const Value z = reshape(m_lins[i](h), { m_spec.heads, -1 }); // [N, H, F]
            const Value alphaSrc = sum(z * g.use(m_attSrc[i]), -1); // [N, H]
            const Value alphaDst = sum(z * g.use(m_attDst[i]), -1); // [N, H]
            const Value e = leakyRelu(gatherSrc(alphaSrc) + gatherDst(alphaDst), 0.2); // [E, H]
            const Value a = edgeSoftmax(e);
            const Value out = aggregate(gatherSrc(z) * unsqueeze(a), Reduction::Sum); // [N, H, F]
            if (last) {
                h = mean(out, -2) + g.use(m_bias[i]); // average the heads
            } else {
                h = elu(flatten(out) + g.use(m_bias[i]));
            }
        }
        return h;
    }

private:
    ModelSpec m_spec;
    std::vector<Linear> m_lins;
    std::vector<Parameter> m_attSrc;
    std::vector<Parameter> m_attDst;
    std::vector<Parameter> m_bias;
};

class Gin final : public GnnModel {
public:
    explicit Gin(const ModelSpec& s)
        : m_spec(s)
    {
        for (int l = 0; l < s.layers; ++l) {
            const auto in = l == 0 ? s.inputWidth : s.hidden;
            const auto out = l + 1 == s.layers ? outWidth(s) : s.hidden;
            const std::string name = "gin" + std::to_string(l + 1);
            m_mlpA.emplace_back(name + ".mlp.0", in, s.hidden, true, s.seed);
            m_mlpB.emplace_back(name + ".mlp.2", s.hidden, out, true, s.seed);
            m_eps.push_back(Parameter::filled(name + ".eps", {}, 0.1f));
        }
    }
    std::string name() const override { return "gin"; }
    std::int64_t inputWidth() const override { return m_spec.inputWidth; }
    Json hyperParameters() const override { return specJson(m_spec); }
    Value forward(Tracer& g, const Value& x) const override
    {
        Value h = x;
        for (int l = 0; l < m_spec.layers; ++l) {
            Tracer::Scope scope(g, "gin" + std::to_string(l + 1));
            const auto i = static_cast<std::size_t>(l);
            const Value s = (1.0 + g.use(m_eps[i])) * h + aggregate(gatherSrc(h), Reduction::Sum);
            h = m_mlpB[i](relu(m_mlpA[i](s)));
            if (l + 1 < m_spec.layers)
                h = relu(h);
        }
        return h;
    }

private:
    ModelSpec m_spec;
    std::vector<Linear> m_mlpA;
    std::vector<Linear> m_mlpB;
    std::vector<Parameter> m_eps;
};

class JkNet final : public GnnModel {
public:
    explicit JkNet(const ModelSpec& s)
        : m_spec(s)
        , m_out("jk.out", s.hidden * s.layers, outWidth(s), true, s.seed)
    {
        for (int l = 0; l < s.layers; ++l) {
            const std::string name = "conv" + std::to_string(l + 1);
            m_lins.emplace_back(name, l == 0 ? s.inputWidth : s.hidden, s.hidden, false, s.seed);
            m_bias.push_back(Parameter::uniform(name + ".bias", { s.hidden }, 0.1, s.seed));
        }
    }
    std::string name() const override { return "jknet"; }
    std::int64_t inputWidth() const override { return m_spec.inputWidth; }
    Json hyperParameters() const override { return specJson(m_spec); }
    Value forward(Tracer& g, const Value& x) const override
    {
        const Value w = gcnEdgeWeight(g);
        Value h = x;
        std::vector<Value> hs;
        for (int l = 0; l < m_spec.layers; ++l) {
            Tracer::Scope scope(g, "conv" + std::to_string(l + 1));
            const auto i = static_cast<std::size_t>(l);
            h = relu(aggregate(gatherSrc(m_lins[i](h)) * w, Reduction::Sum) + g.use(m_bias[i]));
            hs.push_back(h);
        }
        Tracer::Scope scope(g, "jk");
        return m_out(concat(hs, -1));
    }

private:
    ModelSpec m_spec;
    std::vector<Linear> m_lins;
    std::vector<Parameter> m_bias;
    Linear m_out;
};

} // namespace

std::unique_ptr<GnnModel> makeModel(const ModelSpec& s)
{
    // Widths up to 16384: a weight matrix of 16384 x 16384 floats is already 1 GiB.
    constexpr std::int64_t kMaxWidth = 16384;
    if (s.inputWidth <= 0)
        throw Error::invalidInput("input width must be positive").forField("in");
    if (s.hidden <= 0)
        throw Error::invalidInput("hidden width must be positive").forField("hidden");
    if (s.outputWidth < 0)
        throw Error::invalidInput("output width must be positive").forField("out");
    if (s.inputWidth > kMaxWidth || s.hidden > kMaxWidth || s.outputWidth > kMaxWidth)
        throw Error::invalidInput("widths of a built-in model must be at most " + std::to_string(kMaxWidth))
            .forField(s.inputWidth > kMaxWidth ? "in"
                    : s.hidden > kMaxWidth     ? "hidden"
                                               : "out");
    if (s.layers < 1 || s.layers > 64)
        throw Error::invalidInput("layers must be in 1..64").forField("layers");
    switch (s.kind) {
    case ModelKind::Gcn:
        return std::make_unique<Gcn>(s);
    case ModelKind::Sage:
        return std::make_unique<Sage>(s);
    case ModelKind::Gat:
        if (s.heads < 1)
            throw Error::invalidInput("heads must be positive").forField("heads");
        if (s.hidden % s.heads != 0)
            throw Error::invalidInput("hidden width " + std::to_string(s.hidden) + " is not a multiple of "
                + std::to_string(s.heads) + " heads")
                .forField("hidden");
        return std::make_unique<Gat>(s);
    case ModelKind::Gin:
        return std::make_unique<Gin>(s);
    case ModelKind::JkNet:
        return std::make_unique<JkNet>(s);
    }
    throw Error::invalidInput("unknown model kind").forField("model");
}

GnnIr buildModel(const ModelSpec& spec)
{
    return trace(*makeModel(spec));
}

bool isBuiltinModel(std::string_view nameOrFile)
{
    return kModelKinds.find(nameOrFile).has_value();
}

GnnIr loadModel(std::string_view nameOrFile, ModelSpec spec, Progress& progress, const CancelToken& cancel)
{
    if (isBuiltinModel(nameOrFile)) {
        spec.kind = enumFromName<ModelKind>(nameOrFile);
        cancel.throwIfCancelled();
        GnnIr ir = buildModel(spec);
        progress.report(1.0, "model ready");
        return ir;
    }
    const std::filesystem::path file{ std::string(nameOrFile) };
    if (!std::filesystem::exists(file))
        throw Error::invalidInput(
            "not a built-in model (gcn, sage, gat, gin, jknet) nor an existing torch.export (.pt2) or TorchScript file")
            .inFile(file.string())
            .forField("model");
    if (isExportedProgramFile(file)) {
        cancel.throwIfCancelled();
        progress.report(0.0, "reading the program");
        // A width the program was not exported for is refused; 0 (none given) takes the program's.
        GnnIr ir = importExportedProgram(file, { .inputWidth = spec.inputWidth });
        progress.report(1.0, "model ready");
        return ir;
    }
    return importTorchScript(
        file, { .inputWidth = spec.inputWidth, .fallbackInputWidth = spec.fallbackInputWidth }, progress, cancel);
}

} // namespace vantage::dgi
