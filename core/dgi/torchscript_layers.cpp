// The TorchScript import, continued: what users put between their convolutions. Feature slices
// (x[:, a:b], narrow, select, split, chunk, unbind), lists of layer outputs (append, stack: PyG's
// JumpingKnowledge), normalisation in evaluation mode (batch_norm, layer_norm, F.normalize's norm),
// a GRU cell (PyG's GatedGraphConv) written as the element-wise math it is, and loops with a known
// trip count, unrolled.

#include "dgi/torchscript_import_p.h"

#include <limits>

namespace vantage::dgi::detail {

std::unordered_map<std::string, Importer::Handler> Importer::layerOps()
{
    return {
        { "aten::narrow", &Importer::onNarrow },
        { "aten::split", &Importer::onSplit },
        { "aten::split_with_sizes", &Importer::onSplit },
        { "aten::unsafe_split", &Importer::onSplit },
        { "aten::chunk", &Importer::onSplit },
        { "aten::unsafe_chunk", &Importer::onSplit },
        { "aten::append", &Importer::onAppend },
        { "aten::stack", &Importer::onStack },
        { "aten::batch_norm", &Importer::onBatchNorm },
        { "aten::layer_norm", &Importer::onLayerNorm },
        { "aten::norm", &Importer::onNorm },
        { "aten::linalg_vector_norm", &Importer::onNorm },
        { "aten::gru_cell", &Importer::onGruCell },
        { "prim::min", &Importer::onScalarMinMax },
        { "aten::__range_length", &Importer::onRange },
        { "aten::__derive_index", &Importer::onRange },
        { "prim::max", &Importer::onScalarMinMax },
    };
}

std::vector<float> Importer::constantValues(const jit::Node* n, const Sym& s, std::int64_t count, const char* what)
{
    if (s.k == K::Int || s.k == K::Float)
        return std::vector<float>(static_cast<std::size_t>(count), static_cast<float>(number(n, s, what)));
    if (s.k != K::Value || op(s).kind != OpKind::Parameter)
        refuse(n, std::string(what) + " must be a constant of the saved model (a buffer or a parameter)");
    const IrParameter& p = m_ir.parameters()[static_cast<std::size_t>(op(s).param)];
    if (static_cast<std::int64_t>(p.values.size()) != count)
        refuse(n,
            std::string(what) + " has " + std::to_string(p.values.size()) + " entries where the value has "
                + std::to_string(count) + " channels");
    return p.values;
}

void Importer::sliceOf(jit::Node* n, const Sym& t, std::int64_t dim, std::int64_t start, std::int64_t end,
    std::int64_t step, std::size_t out)
{
    const int v = value(n, t);
    const IrOp& o = m_ir.op(v);
    const std::int64_t rank = static_cast<std::int64_t>(o.shape.size()) + (o.space == Space::Global ? 0 : 1);
    if (dim < 0)
        dim += rank;
    if (step <= 0)
        refuse(n, "a slice step must be positive");
    if (o.space != Space::Global && dim == 0) {
        // x[:, ...] first slices the rows whole: nothing to do. Any other range of rows picks nodes.
        if (start != 0 || end < std::numeric_limits<std::int64_t>::max() || step != 1)
            refuse(n, "slicing the rows (nodes or edges) is not a per-node operation");
        setOut(n, t, out);
        return;
    }
    const int axis = featureAxis(n, t, dim);
    const std::int64_t size = o.shape[static_cast<std::size_t>(axis)];
    // Python's rules: negative bounds count from the end, then both are clamped to the axis.
    auto clampBound = [&](std::int64_t b) {
        if (b < 0)
            b = b < -size ? 0 : b + size;
        return std::min(b, size);
    };
    start = clampBound(start);
    end = clampBound(end);
    if (end <= start)
        refuse(n, "an empty slice of a feature axis (nothing would be left)");
    if (start == 0 && end == size && step == 1) {
        setOut(n, irSym(v), out);
        return;
    }
    setOut(n, irSym(m_ir.slice(v, axis, start, (end - start - 1) / step + 1, step)), out);
}

void Importer::onTensorSlice(jit::Node* n)
{
    // aten::slice(self, dim=0, start=None, end=None, step=1)
    auto opt = [&](std::size_t i, std::int64_t fallback) {
        return n->inputs().size() > i && in(n, i).k != K::None ? integer(n, in(n, i), "a slice bound") : fallback;
    };
    sliceOf(n, in(n, 0), opt(1, 0), opt(2, 0), opt(3, std::numeric_limits<std::int64_t>::max()), opt(4, 1));
}

void Importer::onNarrow(jit::Node* n, const std::string&)
{
    // x.narrow(dim, start, length): start may count from the end; the range must lie on the axis, as
    // PyTorch requires (it is not clamped like a slice).
    const Sym t = in(n, 0);
    const std::int64_t dim = integer(n, in(n, 1), "dim");
    std::int64_t start = integer(n, in(n, 2), "start");
    const std::int64_t length = integer(n, in(n, 3), "length");
    const int v = value(n, t);
    if (m_ir.op(v).space != Space::Global
        && (dim == 0 || dim == -static_cast<std::int64_t>(m_ir.op(v).shape.size()) - 1))
        refuse(n, "narrowing the rows (nodes or edges) is not a per-node operation");
    const std::int64_t size = m_ir.op(v).shape[static_cast<std::size_t>(featureAxis(n, irSym(v), dim))];
    if (start < 0 && start >= -size)
        start += size;
    if (start < 0 || length <= 0 || start > size || length > size - start)
        refuse(n,
            "narrow(" + std::to_string(start) + ", " + std::to_string(length) + ") does not lie on an axis of "
                + std::to_string(size));
    sliceOf(n, irSym(v), dim, start, start + length, 1);
}

void Importer::selectFeature(jit::Node* n, const Sym& t, std::int64_t dim, std::int64_t index, std::size_t out)
{
    // x[:, i]: the slice i:i+1, then that axis dropped.
    const int v = value(n, t);
    const int axis = featureAxis(n, irSym(v), dim);
    const std::int64_t size = op(irSym(v)).shape[static_cast<std::size_t>(axis)];
    if (index < -size || index >= size)
        refuse(n, "index " + std::to_string(index) + " is out of range for a feature axis of " + std::to_string(size));
    if (index < 0)
        index += size;
    std::vector<std::int64_t> shape = op(irSym(v)).shape;
    shape.erase(shape.begin() + axis);
    const int one = size == 1 ? v : m_ir.slice(v, axis, index, 1);
    setOut(n, irSym(m_ir.reshape(one, shape)), out);
}

void Importer::onSplit(jit::Node* n, const std::string& kind)
{
    const Sym t = in(n, 0);
    const int v = value(n, t);
    const std::int64_t dim = n->inputs().size() > 2 ? integer(n, in(n, 2), "dim") : 0;
    const int axis = featureAxis(n, irSym(v), dim);
    const std::int64_t size = op(irSym(v)).shape[static_cast<std::size_t>(axis)];
    std::vector<std::int64_t> sizes;
    const Sym how = in(n, 1);
    if (kind == "aten::chunk" || kind == "aten::unsafe_chunk") {
        // torch.chunk: pieces of ceil(size / chunks), the last one smaller (and fewer pieces if they run out).
        const std::int64_t chunks = integer(n, how, "chunks");
        if (chunks <= 0)
            refuse(n, "chunk needs a positive number of chunks");
        const std::int64_t each = size / chunks + (size % chunks != 0 ? 1 : 0);
        for (std::int64_t at = 0; at < size; at += each)
            sizes.push_back(std::min(each, size - at));
    } else if (how.k == K::List) {
        std::int64_t total = 0;
        for (const Sym& s : how.list) {
            sizes.push_back(integer(n, s, "a split size"));
            if (sizes.back() < 0 || sizes.back() > size - total)
                refuse(n, "split sizes do not add up to the axis' " + std::to_string(size));
            total += sizes.back();
        }
        if (total != size)
            refuse(n, "split sizes add up to " + std::to_string(total) + " where the axis has " + std::to_string(size));
    } else {
        const std::int64_t each = integer(n, how, "split_size");
        if (each <= 0)
            refuse(n, "split needs a positive split size");
        for (std::int64_t at = 0; at < size; at += each)
            sizes.push_back(std::min(each, size - at));
    }
    Sym l;
    l.k = K::List;
    std::int64_t at = 0;
    for (const std::int64_t s : sizes) {
        if (s == 0)
            refuse(n, "an empty piece of a split is not supported");
        l.list.push_back(irSym(s == size ? v : m_ir.slice(v, axis, at, s)));
        at += s;
    }
    setOut(n, l);
}

void Importer::onAppend(jit::Node* n, const std::string&)
{
    // xs.append(h) on a list the importer holds (PyG's BasicGNN collects its layers' outputs for
    // JumpingKnowledge): the list changes in place, as Python's does.
    Sym& l = sym(n, n->input(0));
    if (l.k != K::List)
        refuse(n, "appending to something that is not a list");
    l.list.push_back(in(n, 1));
    if (!n->outputs().empty())
        setOut(n, l);
}

void Importer::onStack(jit::Node* n, const std::string&)
{
    // torch.stack(xs, dim): each gets a new axis of size 1 there, then they are concatenated on it.
    const Sym l = in(n, 0);
    if (l.k != K::List || l.list.empty())
        refuse(n, "stack needs a list of tensors");
    const std::int64_t dim = integer(n, in(n, 1), "dim");
    std::vector<int> xs;
    int axis = 0;
    for (const Sym& s : l.list) {
        const int v = value(n, s);
        axis = featureAxis(n, irSym(v), dim, true);
        std::vector<std::int64_t> shape = m_ir.op(v).shape;
        shape.insert(shape.begin() + axis, 1);
        xs.push_back(m_ir.reshape(v, shape));
    }
    setOut(n, irSym(m_ir.concat(xs, axis)));
}

void Importer::onBatchNorm(jit::Node* n, const std::string&)
{
    // aten::batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn)
    const Sym x = in(n, 0);
    const int v = value(n, x);
    if (in(n, 3).k == K::None || in(n, 4).k == K::None)
        refuse(n,
            "batch norm without running statistics (track_running_stats=False) normalises over all the nodes at "
            "once, which a layer-wise run cannot; keep the running statistics");
    if (in(n, 5).k != K::Bool || in(n, 5).b)
        refuse(n, "batch norm in training mode normalises over the batch; call model.eval() before saving");
    const IrOp& xo = m_ir.op(v);
    if (xo.space == Space::Global || xo.shape.empty())
        refuse(n, "batch norm needs per-node values with a channel axis");
    const std::int64_t channels = xo.shape.front();
    const std::vector<float> mean = constantValues(n, in(n, 3), channels, "running_mean");
    const std::vector<float> var = constantValues(n, in(n, 4), channels, "running_var");
    const std::vector<float> weight = in(n, 1).k == K::None ? std::vector<float>(mean.size(), 1.0F)
                                                            : constantValues(n, in(n, 1), channels, "weight");
    const std::vector<float> bias
        = in(n, 2).k == K::None ? std::vector<float>(mean.size(), 0.0F) : constantValues(n, in(n, 2), channels, "bias");
    const double eps = number(n, in(n, 7), "eps");
    // As ATen evaluates it: x * (weight / sqrt(var + eps)) + (bias - mean * that scale).
    std::vector<float> scale(mean.size());
    std::vector<float> shift(mean.size());
    for (std::size_t c = 0; c < mean.size(); ++c) {
        const float invstd = static_cast<float>(1.0 / std::sqrt(static_cast<double>(var[c]) + eps));
        scale[c] = invstd * weight[c];
        shift[c] = bias[c] - mean[c] * scale[c];
    }
    std::vector<std::int64_t> shape(xo.shape.size(), 1); // channels first, then 1 per further axis
    shape.front() = channels;
    const std::string name = m_ir.op(v).name.empty() ? "batch_norm" : m_ir.op(v).name;
    const int s = m_ir.parameter(name + ".scale", shape, std::move(scale));
    const int b = m_ir.parameter(name + ".shift", shape, std::move(shift));
    setOut(n, irSym(m_ir.binary(BinaryFn::Add, m_ir.binary(BinaryFn::Mul, v, s), b)));
}

void Importer::onLayerNorm(jit::Node* n, const std::string&)
{
    // aten::layer_norm(input, normalized_shape, weight, bias, eps, cudnn): over the last axes of each row.
    const int v = value(n, in(n, 0));
    const Sym dims = in(n, 1);
    const IrOp& xo = m_ir.op(v);
    if (dims.k != K::List || dims.list.empty() || dims.list.size() > xo.shape.size() || xo.space == Space::Global)
        refuse(n, "layer norm must normalise the last feature axes of per-node values");
    const std::vector<std::int64_t> shape = xo.shape;
    const std::size_t lead = shape.size() - dims.list.size();
    std::int64_t count = 1;
    for (std::size_t i = 0; i < dims.list.size(); ++i) {
        const std::int64_t d = integer(n, dims.list[i], "normalized_shape");
        if (d != shape[lead + i])
            refuse(n, "normalized_shape does not match the value's last axes");
        count *= d;
    }
    std::vector<std::int64_t> flat(shape.begin(), shape.begin() + static_cast<std::ptrdiff_t>(lead));
    flat.push_back(count);
    const int f = m_ir.reshape(v, flat);
    const int last = static_cast<int>(flat.size()) - 1;
    const int centred = m_ir.binary(BinaryFn::Sub, f, m_ir.reduce(Reduction::Mean, f, last, true));
    const int var = m_ir.reduce(Reduction::Mean, m_ir.binary(BinaryFn::Mul, centred, centred), last, true);
    const int eps = m_ir.constant(number(n, in(n, 4), "eps"));
    int y = m_ir.binary(BinaryFn::Mul, centred, m_ir.unary(UnaryFn::Rsqrt, m_ir.binary(BinaryFn::Add, var, eps)));
    y = m_ir.reshape(y, shape);
    if (in(n, 2).k != K::None)
        y = m_ir.binary(BinaryFn::Mul, y, value(n, in(n, 2), "the weight"));
    if (in(n, 3).k != K::None)
        y = m_ir.binary(BinaryFn::Add, y, value(n, in(n, 3), "the bias"));
    setOut(n, irSym(y));
}

void Importer::onNorm(jit::Node* n, const std::string& kind)
{
    // x.norm(p, dim, keepdim) (F.normalize divides by it) and torch.linalg.vector_norm(x, ord, dim,
    // keepdim): over one feature axis, p = 1, 2 or inf.
    const int v = value(n, in(n, 0));
    const bool linalg = kind == "aten::linalg_vector_norm";
    const Sym p = in(n, 1);
    const double ord = p.k == K::None ? 2.0 : number(n, p, "p");
    if (n->inputs().size() < 3 || in(n, 2).k != K::List || in(n, 2).list.size() != 1)
        refuse(n, "a norm over everything (or several dims) reads the rows; give one feature dim");
    const int axis = featureAxis(n, irSym(v), integer(n, in(n, 2).list[0], "dim"));
    const bool keep = n->inputs().size() > 3 && in(n, 3).k == K::Bool && in(n, 3).b;
    if (linalg && n->inputs().size() > 4 && in(n, 4).k != K::None)
        refuse(n, "a norm with a dtype");
    int r = -1;
    if (ord == 2.0)
        r = m_ir.unary(UnaryFn::Sqrt, m_ir.reduce(Reduction::Sum, m_ir.binary(BinaryFn::Mul, v, v), axis, keep));
    else if (ord == 1.0)
        r = m_ir.reduce(Reduction::Sum, m_ir.unary(UnaryFn::Abs, v), axis, keep);
    else if (std::isinf(ord) && ord > 0)
        r = m_ir.reduce(Reduction::Max, m_ir.unary(UnaryFn::Abs, v), axis, keep);
    else
        refuse(n, "only the 1-, 2- and infinity-norms are supported");
    setOut(n, irSym(r));
}

void Importer::onScalarMinMax(jit::Node* n, const std::string& kind)
{
    // min(a, b) / max(a, b) of numbers, or of a list of them (a zip's trip count: min(len(a), len(b))).
    std::vector<Sym> xs;
    if (n->inputs().size() == 1 && in(n, 0).k == K::List)
        xs = in(n, 0).list;
    else
        for (std::size_t i = 0; i < n->inputs().size(); ++i)
            xs.push_back(in(n, i));
    if (xs.empty())
        refuse(n, "min / max of nothing");
    for (const Sym& x : xs)
        if (!isNumber(x))
            refuse(n, "min / max of something other than numbers (of tensors: torch.minimum / torch.maximum)");
    Sym r = xs.front();
    const bool isMin = kind == "prim::min";
    for (const Sym& x : xs) {
        const double a = number(n, r, "operand");
        const double b = number(n, x, "operand");
        if (isMin ? b < a : b > a)
            r = x;
    }
    setOut(n, r);
}

void Importer::onLoop(jit::Node* n, const std::string&)
{
    // A loop whose trip count and continue condition are known from constants (a for over a list or a
    // range of the saved model, PyG's loop over its aggregations) runs here, once per iteration: its
    // body's values are bound anew each time and the carried values passed on. A loop that depends on
    // the graph or the features cannot be cut into layers.
    const Sym trip = in(n, 0);
    const Sym cond = in(n, 1);
    if (trip.k != K::Int || cond.k != K::Bool)
        refuse(n,
            "loops that depend on the graph or the features cannot be cut into layers (loops over an "
            "nn.ModuleList, a list or a range of constants are unrolled; a while loop on a tensor is not)");
    // Bounds on what a model may unroll to: a loop of 4096 iterations, and 65536 in all (nested loops
    // multiply), so a hostile file cannot make the import run or grow without end.
    constexpr std::int64_t kMaxIterations = 4096;
    constexpr std::int64_t kMaxUnrolled = 65536;
    jit::Block* body = n->blocks()[0];
    std::vector<Sym> carried;
    for (std::size_t i = 2; i < n->inputs().size(); ++i)
        carried.push_back(in(n, i));
    bool go = cond.b;
    for (std::int64_t it = 0; go && it < trip.i; ++it) {
        if (it == kMaxIterations)
            refuse(n, "a loop of more than " + std::to_string(kMaxIterations) + " iterations cannot be unrolled");
        if (++m_unrolled > kMaxUnrolled)
            refuse(n, "loops of more than " + std::to_string(kMaxUnrolled) + " iterations in all cannot be unrolled");
        Sym index;
        index.k = K::Int;
        index.i = it;
        m_syms[body->inputs()[0]] = index;
        for (std::size_t k = 0; k < carried.size(); ++k)
            m_syms[body->inputs()[k + 1]] = carried[k];
        for (jit::Node* inner : body->nodes())
            map(inner);
        const Sym next = sym(n, body->outputs()[0]);
        if (next.k != K::Bool)
            refuse(n, "a loop that breaks on the graph or the features cannot be cut into layers");
        go = next.b;
        for (std::size_t k = 0; k < carried.size(); ++k)
            carried[k] = sym(n, body->outputs()[k + 1]);
    }
    for (std::size_t k = 0; k < carried.size(); ++k)
        setOut(n, carried[k], k);
}

void Importer::onRange(jit::Node* n, const std::string& kind)
{
    // for i in range(lo, hi, step): TorchScript counts the iterations (__range_length(lo, hi, step))
    // and derives each i from the iteration number (__derive_index(k, lo, step)).
    const std::int64_t a = integer(n, in(n, 0), "a range bound");
    const std::int64_t b = integer(n, in(n, 1), "a range bound");
    const std::int64_t step = integer(n, in(n, 2), "a range step");
    if (step == 0)
        refuse(n, "range() with a step of 0");
    // In 128 bits: bounds and steps of a hostile file may be anywhere in int64.
    __extension__ typedef __int128 Wide;
    Wide v = 0;
    if (kind == "aten::__derive_index")
        v = Wide{ b } + Wide{ a } * step; // (index, start, step)
    else if (step > 0)
        v = a < b ? (Wide{ b } - a + step - 1) / step : 0;
    else
        v = a > b ? (Wide{ a } - b - step - 1) / -Wide{ step } : 0;
    if (v > std::numeric_limits<std::int64_t>::max() || v < std::numeric_limits<std::int64_t>::min())
        refuse(n, "a range() whose values pass 64 bits");
    Sym r;
    r.k = K::Int;
    r.i = static_cast<std::int64_t>(v);
    setOut(n, r);
}

void Importer::onGruCell(jit::Node* n, const std::string&)
{
    // aten::gru_cell(input, hx, w_ih, w_hh, b_ih, b_hh), as PyTorch defines it:
    // r = sigmoid(W_ir x + b_ir + W_hr h + b_hr), z = sigmoid(W_iz x + b_iz + W_hz h + b_hz),
    // c = tanh(W_in x + b_in + r * (W_hn h + b_hn)), h' = (1 - z) * c + z * h.
    const int x = value(n, in(n, 0));
    const int h = value(n, in(n, 1));
    const int wi = value(n, in(n, 2), "w_ih");
    const int wh = value(n, in(n, 3), "w_hh");
    const int gi = m_ir.linear(x, wi, in(n, 4).k == K::None ? -1 : value(n, in(n, 4), "b_ih"));
    const int gh = m_ir.linear(h, wh, in(n, 5).k == K::None ? -1 : value(n, in(n, 5), "b_hh"));
    const std::vector<std::int64_t>& shape = m_ir.op(gi).shape;
    if (shape.size() != 1 || shape[0] % 3 != 0 || m_ir.op(gh).shape != shape)
        refuse(n, "a GRU cell's weights must have 3 x hidden rows");
    const std::int64_t hidden = shape[0] / 3;
    auto part = [&](int g, int k) { return m_ir.slice(g, 0, k * hidden, hidden); };
    const int r = m_ir.unary(UnaryFn::Sigmoid, m_ir.binary(BinaryFn::Add, part(gi, 0), part(gh, 0)));
    const int z = m_ir.unary(UnaryFn::Sigmoid, m_ir.binary(BinaryFn::Add, part(gi, 1), part(gh, 1)));
    const int c = m_ir.unary(
        UnaryFn::Tanh, m_ir.binary(BinaryFn::Add, part(gi, 2), m_ir.binary(BinaryFn::Mul, r, part(gh, 2))));
    // As ATen's GRU cell computes it: (h - c) * z + c.
    setOut(n, irSym(m_ir.binary(BinaryFn::Add, m_ir.binary(BinaryFn::Mul, m_ir.binary(BinaryFn::Sub, h, c), z), c)));
}

} // namespace vantage::dgi::detail
