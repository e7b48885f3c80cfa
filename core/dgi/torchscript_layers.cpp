// The TorchScript import, continued: what users put between their convolutions. Feature slices
// (x[:, a:b], narrow, select, split, chunk, unbind), lists of layer outputs (append, stack: PyG's
// JumpingKnowledge), normalisation in evaluation mode (batch_norm, layer_norm, F.normalize's norm),
// a GRU cell (PyG's GatedGraphConv) written as the element-wise math it is, and loops with a known
// trip count, unrolled.

#include "dgi/torchscript_import_p.h"

#include <limits>

namespace vantage::dgi::detail {

std::vector<float> constantValues(
    ImportContext& c, const jit::Node& n, const Sym& s, std::int64_t count, const char* what)
{
    if (s.k == K::Int || s.k == K::Float)
        return std::vector<float>(static_cast<std::size_t>(count), static_cast<float>(c.number(n, s, what)));
    if (s.k != K::Value || c.op(s).kind != OpKind::Parameter)
        c.refuse(n, std::string(what) + " must be a constant of the saved model (a buffer or a parameter)");
    const IrParameter& p = c.ir.parameters()[static_cast<std::size_t>(c.op(s).param)];
    if (static_cast<std::int64_t>(p.values.size()) != count)
        c.refuse(n,
            std::string(what) + " has " + std::to_string(p.values.size()) + " entries where the value has "
                + std::to_string(count) + " channels");
    return p.values;
}

void sliceOf(ImportContext& c, const jit::Node& n, const Sym& t, std::int64_t dim, std::int64_t start, std::int64_t end,
    std::int64_t step, std::size_t out = 0)
{
    const int v = c.value(n, t);
    const IrOp& o = c.ir.op(v);
    const std::int64_t rank = static_cast<std::int64_t>(o.shape.size()) + (o.space == Space::Global ? 0 : 1);
    if (dim < 0)
        dim += rank;
    if (step <= 0)
        c.refuse(n, "a slice step must be positive");
    if (o.space != Space::Global && dim == 0) {
        // x[:, ...] first slices the rows whole: nothing to do. Any other range of rows picks nodes.
        if (start != 0 || end < std::numeric_limits<std::int64_t>::max() || step != 1)
            c.refuse(n, "slicing the rows (nodes or edges) is not a per-node operation");
        c.setOut(n, t, out);
        return;
    }
    const int axis = c.featureAxis(n, t, dim);
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
        c.refuse(n, "an empty slice of a feature axis (nothing would be left)");
    if (start == 0 && end == size && step == 1) {
        c.setOut(n, irSym(v), out);
        return;
    }
    c.setOut(n, irSym(c.ir.slice(v, axis, start, (end - start - 1) / step + 1, step)), out);
}

void onTensorSlice(ImportContext& c, const jit::Node& n)
{
    // aten::slice(self, dim=0, start=None, end=None, step=1)
    auto opt = [&](std::size_t i, std::int64_t fallback) {
        return n.inputs().size() > i && c.in(n, i).k != K::None ? c.integer(n, c.in(n, i), "a slice bound") : fallback;
    };
    sliceOf(c, n, c.in(n, 0), opt(1, 0), opt(2, 0), opt(3, std::numeric_limits<std::int64_t>::max()), opt(4, 1));
}

void onNarrow(ImportContext& c, const jit::Node& n)
{
    // x.narrow(dim, start, length): start may count from the end; the range must lie on the axis, as
    // PyTorch requires (it is not clamped like a slice).
    const Sym t = c.in(n, 0);
    const std::int64_t dim = c.integer(n, c.in(n, 1), "dim");
    std::int64_t start = c.integer(n, c.in(n, 2), "start");
    const std::int64_t length = c.integer(n, c.in(n, 3), "length");
    const int v = c.value(n, t);
    if (c.ir.op(v).space != Space::Global
        && (dim == 0 || dim == -static_cast<std::int64_t>(c.ir.op(v).shape.size()) - 1))
        c.refuse(n, "narrowing the rows (nodes or edges) is not a per-node operation");
    const std::int64_t size = c.ir.op(v).shape[static_cast<std::size_t>(c.featureAxis(n, irSym(v), dim))];
    if (start < 0 && start >= -size)
        start += size;
    if (start < 0 || length <= 0 || start > size || length > size - start)
        c.refuse(n,
            "narrow(" + std::to_string(start) + ", " + std::to_string(length) + ") does not lie on an axis of "
                + std::to_string(size));
    sliceOf(c, n, irSym(v), dim, start, start + length, 1);
}

void selectFeature(
    ImportContext& c, const jit::Node& n, const Sym& t, std::int64_t dim, std::int64_t index, std::size_t out)
{
    // x[:, i]: the slice i:i+1, then that axis dropped.
    const int v = c.value(n, t);
    const int axis = c.featureAxis(n, irSym(v), dim);
    const std::int64_t size = c.op(irSym(v)).shape[static_cast<std::size_t>(axis)];
    if (index < -size || index >= size)
        c.refuse(
            n, "index " + std::to_string(index) + " is out of range for a feature axis of " + std::to_string(size));
    if (index < 0)
        index += size;
    std::vector<std::int64_t> shape = c.op(irSym(v)).shape;
    shape.erase(shape.begin() + axis);
    const int one = size == 1 ? v : c.ir.slice(v, axis, index, 1);
    c.setOut(n, irSym(c.ir.reshape(one, shape)), out);
}

// x.split(size or sizes, dim), or (`chunk`) x.chunk(chunks, dim).
void onSplit(ImportContext& c, const jit::Node& n, bool chunk)
{
    const Sym t = c.in(n, 0);
    const int v = c.value(n, t);
    const std::int64_t dim = n.inputs().size() > 2 ? c.integer(n, c.in(n, 2), "dim") : 0;
    const int axis = c.featureAxis(n, irSym(v), dim);
    const std::int64_t size = c.op(irSym(v)).shape[static_cast<std::size_t>(axis)];
    std::vector<std::int64_t> sizes;
    const Sym how = c.in(n, 1);
    if (chunk) {
        // torch.chunk: pieces of ceil(size / chunks), the last one smaller (and fewer pieces if they run out).
        const std::int64_t chunks = c.integer(n, how, "chunks");
        if (chunks <= 0)
            c.refuse(n, "chunk needs a positive number of chunks");
        const std::int64_t each = size / chunks + (size % chunks != 0 ? 1 : 0);
        for (std::int64_t at = 0; at < size; at += each)
            sizes.push_back(std::min(each, size - at));
    } else if (how.k == K::List) {
        std::int64_t total = 0;
        for (const Sym& s : how.list) {
            sizes.push_back(c.integer(n, s, "a split size"));
            if (sizes.back() < 0 || sizes.back() > size - total)
                c.refuse(n, "split sizes do not add up to the axis' " + std::to_string(size));
            total += sizes.back();
        }
        if (total != size)
            c.refuse(
                n, "split sizes add up to " + std::to_string(total) + " where the axis has " + std::to_string(size));
    } else {
        const std::int64_t each = c.integer(n, how, "split_size");
        if (each <= 0)
            c.refuse(n, "split needs a positive split size");
        for (std::int64_t at = 0; at < size; at += each)
            sizes.push_back(std::min(each, size - at));
    }
    Sym l;
    l.k = K::List;
    std::int64_t at = 0;
    for (const std::int64_t s : sizes) {
        if (s == 0)
            c.refuse(n, "an empty piece of a split is not supported");
        l.list.push_back(irSym(s == size ? v : c.ir.slice(v, axis, at, s)));
        at += s;
    }
    c.setOut(n, l);
}

void onAppend(ImportContext& c, const jit::Node& n)
{
    // xs.append(h) on a list the importer holds (PyG's BasicGNN collects its layers' outputs for
    // JumpingKnowledge): the list changes in place, as Python's does.
    Sym& l = c.sym(n, n.input(0));
    if (l.k != K::List)
        c.refuse(n, "appending to something that is not a list");
    l.list.push_back(c.in(n, 1));
    if (!n.outputs().empty())
        c.setOut(n, l);
}

void onStack(ImportContext& c, const jit::Node& n)
{
    // torch.stack(xs, dim): each gets a new axis of size 1 there, then they are concatenated on it.
    const Sym l = c.in(n, 0);
    if (l.k != K::List || l.list.empty())
        c.refuse(n, "stack needs a list of tensors");
    const std::int64_t dim = c.integer(n, c.in(n, 1), "dim");
    std::vector<int> xs;
    int axis = 0;
    for (const Sym& s : l.list) {
        const int v = c.value(n, s);
        axis = c.featureAxis(n, irSym(v), dim, true);
        std::vector<std::int64_t> shape = c.ir.op(v).shape;
        shape.insert(shape.begin() + axis, 1);
        xs.push_back(c.ir.reshape(v, shape));
    }
    c.setOut(n, irSym(c.ir.concat(xs, axis)));
}

void onBatchNorm(ImportContext& c, const jit::Node& n)
{
    // aten::batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn)
    const Sym x = c.in(n, 0);
    const int v = c.value(n, x);
    if (c.in(n, 3).k == K::None || c.in(n, 4).k == K::None)
        c.refuse(n,
            "batch norm without running statistics (track_running_stats=False) normalises over all the nodes at "
            "once, which a layer-wise run cannot; keep the running statistics");
    if (c.in(n, 5).k != K::Bool || c.in(n, 5).b)
        c.refuse(n, "batch norm in training mode normalises over the batch; call model.eval() before saving");
    const IrOp& xo = c.ir.op(v);
    if (xo.space == Space::Global || xo.shape.empty())
        c.refuse(n, "batch norm needs per-node values with a channel axis");
    const std::int64_t channels = xo.shape.front();
    const std::vector<float> mean = constantValues(c, n, c.in(n, 3), channels, "running_mean");
    const std::vector<float> var = constantValues(c, n, c.in(n, 4), channels, "running_var");
    const std::vector<float> weight = c.in(n, 1).k == K::None ? std::vector<float>(mean.size(), 1.0F)
                                                              : constantValues(c, n, c.in(n, 1), channels, "weight");
    const std::vector<float> bias = c.in(n, 2).k == K::None ? std::vector<float>(mean.size(), 0.0F)
                                                            : constantValues(c, n, c.in(n, 2), channels, "bias");
    const double eps = c.number(n, c.in(n, 7), "eps");
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
    const std::string name = c.ir.op(v).name.empty() ? "batch_norm" : c.ir.op(v).name;
    const int s = c.ir.parameter(name + ".scale", shape, std::move(scale));
    const int b = c.ir.parameter(name + ".shift", shape, std::move(shift));
    c.setOut(n, irSym(c.ir.binary(BinaryFn::Add, c.ir.binary(BinaryFn::Mul, v, s), b)));
}

void onLayerNorm(ImportContext& c, const jit::Node& n)
{
    // aten::layer_norm(input, normalized_shape, weight, bias, eps, cudnn): over the last axes of each row.
    const int v = c.value(n, c.in(n, 0));
    const Sym dims = c.in(n, 1);
    const IrOp& xo = c.ir.op(v);
    if (dims.k != K::List || dims.list.empty() || dims.list.size() > xo.shape.size() || xo.space == Space::Global)
        c.refuse(n, "layer norm must normalise the last feature axes of per-node values");
    const std::vector<std::int64_t> shape = xo.shape;
    const std::size_t lead = shape.size() - dims.list.size();
    std::int64_t count = 1;
    for (std::size_t i = 0; i < dims.list.size(); ++i) {
        const std::int64_t d = c.integer(n, dims.list[i], "normalized_shape");
        if (d != shape[lead + i])
            c.refuse(n, "normalized_shape does not match the value's last axes");
        count *= d;
    }
    std::vector<std::int64_t> flat(shape.begin(), shape.begin() + static_cast<std::ptrdiff_t>(lead));
    flat.push_back(count);
    const int f = c.ir.reshape(v, flat);
    const int last = static_cast<int>(flat.size()) - 1;
    const int centred = c.ir.binary(BinaryFn::Sub, f, c.ir.reduce(Reduction::Mean, f, last, true));
    const int var = c.ir.reduce(Reduction::Mean, c.ir.binary(BinaryFn::Mul, centred, centred), last, true);
    const int eps = c.ir.constant(c.number(n, c.in(n, 4), "eps"));
    int y = c.ir.binary(BinaryFn::Mul, centred, c.ir.unary(UnaryFn::Rsqrt, c.ir.binary(BinaryFn::Add, var, eps)));
    y = c.ir.reshape(y, shape);
    if (c.in(n, 2).k != K::None)
        y = c.ir.binary(BinaryFn::Mul, y, c.value(n, c.in(n, 2), "the weight"));
    if (c.in(n, 3).k != K::None)
        y = c.ir.binary(BinaryFn::Add, y, c.value(n, c.in(n, 3), "the bias"));
    c.setOut(n, irSym(y));
}

// `linalg`: torch.linalg.vector_norm.
void onNorm(ImportContext& c, const jit::Node& n, bool linalg)
{
    // x.norm(p, dim, keepdim) (F.normalize divides by it) and torch.linalg.vector_norm(x, ord, dim,
    // keepdim): over one feature axis, p = 1, 2 or inf.
    const int v = c.value(n, c.in(n, 0));
    const Sym p = c.in(n, 1);
    const double ord = p.k == K::None ? 2.0 : c.number(n, p, "p");
    if (n.inputs().size() < 3 || c.in(n, 2).k != K::List || c.in(n, 2).list.size() != 1)
        c.refuse(n, "a norm over everything (or several dims) reads the rows; give one feature dim");
    const int axis = c.featureAxis(n, irSym(v), c.integer(n, c.in(n, 2).list[0], "dim"));
    const bool keep = n.inputs().size() > 3 && c.in(n, 3).k == K::Bool && c.in(n, 3).b;
    if (linalg && n.inputs().size() > 4 && c.in(n, 4).k != K::None)
        c.refuse(n, "a norm with a dtype");
    int r = -1;
    if (ord == 2.0)
        r = c.ir.unary(UnaryFn::Sqrt, c.ir.reduce(Reduction::Sum, c.ir.binary(BinaryFn::Mul, v, v), axis, keep));
    else if (ord == 1.0)
        r = c.ir.reduce(Reduction::Sum, c.ir.unary(UnaryFn::Abs, v), axis, keep);
    else if (std::isinf(ord) && ord > 0)
        r = c.ir.reduce(Reduction::Max, c.ir.unary(UnaryFn::Abs, v), axis, keep);
    else
        c.refuse(n, "only the 1-, 2- and infinity-norms are supported");
    c.setOut(n, irSym(r));
}

void onScalarMinMax(ImportContext& c, const jit::Node& n, bool isMin)
{
    // min(a, b) / max(a, b) of numbers, or of a list of them (a zip's trip count: min(len(a), len(b))).
    std::vector<Sym> xs;
    if (n.inputs().size() == 1 && c.in(n, 0).k == K::List)
        xs = c.in(n, 0).list;
    else
        for (std::size_t i = 0; i < n.inputs().size(); ++i)
            xs.push_back(c.in(n, i));
    if (xs.empty())
        c.refuse(n, "min / max of nothing");
    for (const Sym& x : xs)
        if (!isNumber(x))
            c.refuse(n, "min / max of something other than numbers (of tensors: torch.minimum / torch.maximum)");
    Sym r = xs.front();
    for (const Sym& x : xs) {
        const double a = c.number(n, r, "operand");
        const double b = c.number(n, x, "operand");
        if (isMin ? b < a : b > a)
            r = x;
    }
    c.setOut(n, r);
}

void onLoop(ImportContext& c, const jit::Node& n)
{
    // A loop whose trip count and continue condition are known from constants (a for over a list or a
    // range of the saved model, PyG's loop over its aggregations) runs here, once per iteration: its
    // body's values are bound anew each time and the carried values passed on. A loop that depends on
    // the graph or the features cannot be cut into layers.
    const Sym trip = c.in(n, 0);
    const Sym cond = c.in(n, 1);
    if (trip.k != K::Int || cond.k != K::Bool)
        c.refuse(n,
            "loops that depend on the graph or the features cannot be cut into layers (loops over an "
            "nn.ModuleList, a list or a range of constants are unrolled; a while loop on a tensor is not)");
    // Bounds on what a model may unroll to: a loop of 4096 iterations, and 65536 in all (nested loops
    // multiply), so a hostile file cannot make the import run or grow without end.
    constexpr std::int64_t kMaxIterations = 4096;
    constexpr std::int64_t kMaxUnrolled = 65536;
    const jit::Block* body = n.blocks()[0];
    std::vector<Sym> carried;
    for (std::size_t i = 2; i < n.inputs().size(); ++i)
        carried.push_back(c.in(n, i));
    bool go = cond.b;
    for (std::int64_t it = 0; go && it < trip.i; ++it) {
        if (it == kMaxIterations)
            c.refuse(n, "a loop of more than " + std::to_string(kMaxIterations) + " iterations cannot be unrolled");
        if (++c.unrolled > kMaxUnrolled)
            c.refuse(n, "loops of more than " + std::to_string(kMaxUnrolled) + " iterations in all cannot be unrolled");
        Sym index;
        index.k = K::Int;
        index.i = it;
        c.bind(body->inputs()[0], index);
        for (std::size_t k = 0; k < carried.size(); ++k)
            c.bind(body->inputs()[k + 1], carried[k]);
        for (const jit::Node* inner : body->nodes())
            c.map(*inner);
        const Sym next = c.sym(n, body->outputs()[0]);
        if (next.k != K::Bool)
            c.refuse(n, "a loop that breaks on the graph or the features cannot be cut into layers");
        go = next.b;
        for (std::size_t k = 0; k < carried.size(); ++k)
            carried[k] = c.sym(n, body->outputs()[k + 1]);
    }
    for (std::size_t k = 0; k < carried.size(); ++k)
        c.setOut(n, carried[k], k);
}

// `derive`: __derive_index, else __range_length.
void onRange(ImportContext& c, const jit::Node& n, bool derive)
{
    // for i in range(lo, hi, step): TorchScript counts the iterations (__range_length(lo, hi, step))
    // and derives each i from the iteration number (__derive_index(k, lo, step)).
    const std::int64_t a = c.integer(n, c.in(n, 0), "a range bound");
    const std::int64_t b = c.integer(n, c.in(n, 1), "a range bound");
    const std::int64_t step = c.integer(n, c.in(n, 2), "a range step");
    if (step == 0)
        c.refuse(n, "range() with a step of 0");
    // In 128 bits: bounds and steps of a hostile file may be anywhere in int64.
    __extension__ typedef __int128 Wide;
    Wide v = 0;
    if (derive)
        v = Wide{ b } + Wide{ a } * step; // (index, start, step)
    else if (step > 0)
        v = a < b ? (Wide{ b } - a + step - 1) / step : 0;
    else
        v = a > b ? (Wide{ a } - b - step - 1) / -Wide{ step } : 0;
    if (v > std::numeric_limits<std::int64_t>::max() || v < std::numeric_limits<std::int64_t>::min())
        c.refuse(n, "a range() whose values pass 64 bits");
    Sym r;
    r.k = K::Int;
    r.i = static_cast<std::int64_t>(v);
    c.setOut(n, r);
}

void onGruCell(ImportContext& c, const jit::Node& n)
{
    // aten::gru_cell(input, hx, w_ih, w_hh, b_ih, b_hh), as PyTorch defines it:
    // r = sigmoid(W_ir x + b_ir + W_hr h + b_hr), z = sigmoid(W_iz x + b_iz + W_hz h + b_hz),
    // c = tanh(W_in x + b_in + r * (W_hn h + b_hn)), h' = (1 - z) * c + z * h.
    const int x = c.value(n, c.in(n, 0));
    const int h = c.value(n, c.in(n, 1));
    const int wi = c.value(n, c.in(n, 2), "w_ih");
    const int wh = c.value(n, c.in(n, 3), "w_hh");
    const int gi = c.ir.linear(x, wi, c.in(n, 4).k == K::None ? -1 : c.value(n, c.in(n, 4), "b_ih"));
    const int gh = c.ir.linear(h, wh, c.in(n, 5).k == K::None ? -1 : c.value(n, c.in(n, 5), "b_hh"));
    const std::vector<std::int64_t>& shape = c.ir.op(gi).shape;
    if (shape.size() != 1 || shape[0] % 3 != 0 || c.ir.op(gh).shape != shape)
        c.refuse(n, "a GRU cell's weights must have 3 x hidden rows");
    const std::int64_t hidden = shape[0] / 3;
    auto part = [&](int g, int k) { return c.ir.slice(g, 0, k * hidden, hidden); };
    const int r = c.ir.unary(UnaryFn::Sigmoid, c.ir.binary(BinaryFn::Add, part(gi, 0), part(gh, 0)));
    const int z = c.ir.unary(UnaryFn::Sigmoid, c.ir.binary(BinaryFn::Add, part(gi, 1), part(gh, 1)));
    const int cand = c.ir.unary(
        UnaryFn::Tanh, c.ir.binary(BinaryFn::Add, part(gi, 2), c.ir.binary(BinaryFn::Mul, r, part(gh, 2))));
    // As ATen's GRU cell computes it: (h - c) * z + c, c the candidate.
    c.setOut(
        n, irSym(c.ir.binary(BinaryFn::Add, c.ir.binary(BinaryFn::Mul, c.ir.binary(BinaryFn::Sub, h, cand), z), cand)));
}

void addLayerOps(TorchScriptOpTable& table)
{
    table.add("aten::narrow", onNarrow);
    table.add("aten::split", with<onSplit, false>);
    table.add("aten::split_with_sizes", with<onSplit, false>);
    table.add("aten::chunk", with<onSplit, true>);
    table.add("aten::append", onAppend);
    table.add("aten::stack", onStack);
    table.add("aten::batch_norm", onBatchNorm);
    table.add("aten::layer_norm", onLayerNorm);
    table.add("aten::norm", with<onNorm, false>);
    table.add("aten::linalg_vector_norm", with<onNorm, true>);
    table.add("aten::gru_cell", onGruCell);
    table.add("prim::min", with<onScalarMinMax, true>);
    table.add("prim::max", with<onScalarMinMax, false>);
    table.add("aten::__range_length", with<onRange, false>);
    table.add("aten::__derive_index", with<onRange, true>);
    table.add("prim::Loop", onLoop);
}

} // namespace vantage::dgi::detail
