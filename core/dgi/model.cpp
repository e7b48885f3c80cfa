#include "dgi/model.h"

#include "common/error.h"
#include "dgi/random.h"

namespace vantage::dgi {

namespace {

std::int64_t product(const std::vector<std::int64_t>& shape)
{
    std::int64_t n = 1;
    for (auto d : shape)
        n *= d;
    return n;
}

Tracer& tracerOf(const Value& a)
{
    return a.tracer();
}

Tracer& tracerOf(const Value& a, const Value& b)
{
    if (&a.tracer() != &b.tracer())
        throw Error::failure("values from two different traces combined");
    return a.tracer();
}

Value un(UnaryFn fn, const Value& x, double alpha = 0.0, double beta = 0.0)
{
    Tracer& t = tracerOf(x);
    return t.wrap(t.ir().unary(fn, x.id(), alpha, beta));
}

Value bin(BinaryFn fn, const Value& a, const Value& b)
{
    Tracer& t = tracerOf(a, b);
    return t.wrap(t.ir().binary(fn, a.id(), b.id()));
}

} // namespace

Space Value::space() const
{
    return tracer().ir().op(m_id).space;
}
const std::vector<std::int64_t>& Value::shape() const
{
    return tracer().ir().op(m_id).shape;
}
std::int64_t Value::width() const
{
    return tracer().ir().width(m_id);
}

Tracer& Value::tracer() const
{
    if (!m_tracer)
        throw Error::failure("use of an empty symbolic value");
    return *m_tracer;
}

Parameter::Parameter(std::string name, std::vector<std::int64_t> shape, std::vector<float> values)
    : m_data(std::make_shared<IrParameter>(IrParameter{ std::move(name), std::move(shape), std::move(values) }))
{
    if (static_cast<std::int64_t>(m_data->values.size()) != product(m_data->shape))
        throw Error::failure("parameter " + m_data->name + " has the wrong number of values");
}

Parameter Parameter::glorot(std::string name, std::vector<std::int64_t> shape, std::uint64_t seed)
{
    const double fanOut = shape.empty() ? 1.0 : static_cast<double>(shape.front());
    const double fanIn = shape.size() < 2 ? 1.0 : static_cast<double>(shape.back());
    return uniform(std::move(name), std::move(shape), std::sqrt(6.0 / (fanIn + fanOut)), seed);
}

Parameter Parameter::uniform(std::string name, std::vector<std::int64_t> shape, double scale, std::uint64_t seed)
{
    Rng rng(seed, hashName(name));
    std::vector<float> v(static_cast<std::size_t>(product(shape)));
    for (auto& x : v)
        x = static_cast<float>(rng.uniform(-scale, scale));
    return Parameter(std::move(name), std::move(shape), std::move(v));
}

Parameter Parameter::filled(std::string name, std::vector<std::int64_t> shape, float value)
{
    std::vector<float> v(static_cast<std::size_t>(product(shape)), value);
    return Parameter(std::move(name), std::move(shape), std::move(v));
}

Tracer::Tracer() = default;

Value Tracer::input(std::int64_t width)
{
    return wrap(m_ir.input(width));
}
Value Tracer::inDegree()
{
    return wrap(m_ir.graphQuery(OpKind::InDegree));
}
Value Tracer::outDegree()
{
    return wrap(m_ir.graphQuery(OpKind::OutDegree));
}
Value Tracer::constant(double value)
{
    return wrap(m_ir.constant(value));
}

Value Tracer::use(const Parameter& p)
{
    for (const auto& [known, id] : m_params)
        if (known.key() == p.key())
            return wrap(id);
    const int id = m_ir.parameter(p.name(), p.shape(), p.values());
    m_params.emplace_back(p, id);
    return wrap(id);
}

Tracer::Scope::Scope(Tracer& tracer, std::string name)
    : m_tracer(tracer)
    , m_previous(tracer.m_scope)
{
    tracer.m_scope = m_previous.empty() ? std::move(name) : m_previous + "." + name;
    tracer.m_ir.setScope(tracer.m_scope);
}

Tracer::Scope::~Scope()
{
    m_tracer.m_scope = m_previous;
    m_tracer.m_ir.setScope(m_previous);
}

Value operator+(const Value& a, const Value& b)
{
    return bin(BinaryFn::Add, a, b);
}
Value operator-(const Value& a, const Value& b)
{
    return bin(BinaryFn::Sub, a, b);
}
Value operator*(const Value& a, const Value& b)
{
    return bin(BinaryFn::Mul, a, b);
}
Value operator/(const Value& a, const Value& b)
{
    return bin(BinaryFn::Div, a, b);
}
Value operator+(const Value& a, double b)
{
    return a + a.tracer().constant(b);
}
Value operator-(const Value& a, double b)
{
    return a - a.tracer().constant(b);
}
Value operator*(const Value& a, double b)
{
    return a * a.tracer().constant(b);
}
Value operator/(const Value& a, double b)
{
    return a / a.tracer().constant(b);
}
Value operator+(double a, const Value& b)
{
    return b.tracer().constant(a) + b;
}
Value operator-(double a, const Value& b)
{
    return b.tracer().constant(a) - b;
}
Value operator*(double a, const Value& b)
{
    return b.tracer().constant(a) * b;
}
Value operator/(double a, const Value& b)
{
    return b.tracer().constant(a) / b;
}
Value operator-(const Value& a)
{
    return un(UnaryFn::Neg, a);
}
Value maximum(const Value& a, const Value& b)
{
    return bin(BinaryFn::Maximum, a, b);
}
Value minimum(const Value& a, const Value& b)
{
    return bin(BinaryFn::Minimum, a, b);
}

Value relu(const Value& x)
{
    return un(UnaryFn::Relu, x);
}
Value leakyRelu(const Value& x, double slope)
{
    return un(UnaryFn::LeakyRelu, x, slope);
}
Value elu(const Value& x, double alpha)
{
    return un(UnaryFn::Elu, x, alpha);
}
Value sigmoid(const Value& x)
{
    return un(UnaryFn::Sigmoid, x);
}
Value tanh(const Value& x)
{
    return un(UnaryFn::Tanh, x);
}
Value exp(const Value& x)
{
    return un(UnaryFn::Exp, x);
}
Value log(const Value& x)
{
    return un(UnaryFn::Log, x);
}
Value sqrt(const Value& x)
{
    return un(UnaryFn::Sqrt, x);
}
Value rsqrt(const Value& x)
{
    return un(UnaryFn::Rsqrt, x);
}
Value abs(const Value& x)
{
    return un(UnaryFn::Abs, x);
}
Value pow(const Value& x, double exponent)
{
    return un(UnaryFn::Pow, x, exponent);
}
Value clamp(const Value& x, double min, double max)
{
    return un(UnaryFn::Clamp, x, min, max);
}
Value clampMin(const Value& x, double min)
{
    return un(UnaryFn::Clamp, x, min, kNoBound);
}
Value dropout(const Value& x, double p)
{
    return un(UnaryFn::Dropout, x, p);
}

Value matmul(const Value& x, const Value& weight)
{
    Tracer& t = tracerOf(x, weight);
    return t.wrap(t.ir().matmul(x.id(), weight.id()));
}

Value concat(const std::vector<Value>& xs, int axis)
{
    if (xs.empty())
        throw Error::failure("concat of nothing");
    Tracer& t = tracerOf(xs.front());
    std::vector<int> ids;
    for (const auto& x : xs) {
        tracerOf(xs.front(), x);
        ids.push_back(x.id());
    }
    return t.wrap(t.ir().concat(ids, axis));
}

Value reshape(const Value& x, std::vector<std::int64_t> shape)
{
    Tracer& t = tracerOf(x);
    return t.wrap(t.ir().reshape(x.id(), std::move(shape)));
}

Value slice(const Value& x, int axis, std::int64_t start, std::int64_t count, std::int64_t step)
{
    Tracer& t = tracerOf(x);
    return t.wrap(t.ir().slice(x.id(), axis, start, count, step));
}

Value unsqueeze(const Value& x, int axis)
{
    std::vector<std::int64_t> s = x.shape();
    const int rank = static_cast<int>(s.size());
    if (axis < 0)
        axis += rank + 1;
    if (axis < 0 || axis > rank)
        throw Error::invalidInput("unsqueeze axis out of range").inOp("unsqueeze");
    s.insert(s.begin() + axis, 1);
    return reshape(x, std::move(s));
}

Value flatten(const Value& x)
{
    return reshape(x, { x.width() });
}

Value sum(const Value& x, int axis, bool keepDim)
{
    Tracer& t = tracerOf(x);
    return t.wrap(t.ir().reduce(Reduction::Sum, x.id(), axis, keepDim));
}

Value mean(const Value& x, int axis, bool keepDim)
{
    Tracer& t = tracerOf(x);
    return t.wrap(t.ir().reduce(Reduction::Mean, x.id(), axis, keepDim));
}

Value max(const Value& x, int axis, bool keepDim)
{
    Tracer& t = tracerOf(x);
    return t.wrap(t.ir().reduce(Reduction::Max, x.id(), axis, keepDim));
}

Value softmax(const Value& x, int axis)
{
    Tracer& t = tracerOf(x);
    return t.wrap(t.ir().softmax(x.id(), axis, false));
}

Value logSoftmax(const Value& x, int axis)
{
    Tracer& t = tracerOf(x);
    return t.wrap(t.ir().softmax(x.id(), axis, true));
}

Value gatherSrc(const Value& x)
{
    Tracer& t = tracerOf(x);
    return t.wrap(t.ir().gatherSrc(x.id()));
}

Value gatherDst(const Value& x)
{
    Tracer& t = tracerOf(x);
    return t.wrap(t.ir().gatherDst(x.id()));
}

Value edgeSoftmax(const Value& e)
{
    Tracer& t = tracerOf(e);
    return t.wrap(t.ir().edgeSoftmax(e.id()));
}

Value aggregate(const Value& messages, Reduction r)
{
    Tracer& t = tracerOf(messages);
    return t.wrap(t.ir().aggregate(r, messages.id()));
}

Linear::Linear(const std::string& name, std::int64_t in, std::int64_t out, bool bias, std::uint64_t seed)
    : m_name(name)
    , m_weight(Parameter::glorot(name + ".weight", { out, in }, seed))
    , m_hasBias(bias)
    , m_in(in)
    , m_out(out)
{
    if (bias)
        m_bias = Parameter::uniform(name + ".bias", { out }, 0.1, seed);
}

Value Linear::operator()(const Value& x) const
{
    Tracer& t = x.tracer();
    const Value w = t.use(m_weight);
    const int b = m_hasBias ? t.use(m_bias).id() : -1;
    return t.wrap(t.ir().linear(x.id(), w.id(), b));
}

GnnIr trace(const GnnModel& model)
{
    Tracer t;
    t.ir().modelName = model.name();
    t.ir().hyperParameters = model.hyperParameters();
    const Value x = t.input(model.inputWidth());
    const Value y = model.forward(t, x);
    t.ir().setScope({});
    t.ir().setOutput(y.id());
    return t.takeIr();
}

} // namespace vantage::dgi
