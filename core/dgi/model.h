#pragma once
// The C++ way to write a GNN for DGI. A model's forward is ordinary C++ over symbolic Values; run
// once by trace(), it records the GNN IR, which the partitioner then cuts into layers. Message
// passing is spelled out with gatherSrc / gatherDst (node -> edge), edgeSoftmax and aggregate
// (edge -> node), the same vocabulary as the TorchScript convention (docs/dgi.md):
//
//   Value forward(Tracer& g, const Value& x) const override {
//       Value norm = pow(clampMin(g.inDegree(), 1.0), -0.5);
//       Value h = m_lin(x);
//       Value m = gatherSrc(h) * unsqueeze(gatherSrc(norm) * gatherDst(norm));
//       return relu(aggregate(m, Reduction::Sum) + g.use(m_bias));
//   }

#include "dgi/ir.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace vantage::dgi {

class Tracer;

// A symbolic tensor: a value of the IR being recorded, with its space and feature shape.
class Value {
public:
    Value() = default;
    int id() const { return m_id; }
    Space space() const;
    const std::vector<std::int64_t>& shape() const;
    std::int64_t width() const;
    Tracer& tracer() const;

private:
    friend class Tracer;
    Value(Tracer* tracer, int id)
        : m_tracer(tracer)
        , m_id(id)
    { }
    Tracer* m_tracer = nullptr;
    int m_id = -1;
};

// A learned tensor, created once (in a model's constructor) with seeded values.
class Parameter {
public:
    Parameter() = default;
    Parameter(std::string name, std::vector<std::int64_t> shape, std::vector<float> values);
    // Glorot/Xavier uniform for a [fanOut, fanIn] weight (Glorot & Bengio, AISTATS 2010, eq. 16).
    static Parameter glorot(std::string name, std::vector<std::int64_t> shape, std::uint64_t seed);
    // Uniform in [-scale, scale) (biases: small but non-zero, so tests see them).
    static Parameter uniform(std::string name, std::vector<std::int64_t> shape, double scale, std::uint64_t seed);
    static Parameter filled(std::string name, std::vector<std::int64_t> shape, float value);

    const std::string& name() const { return m_data->name; }
    const std::vector<std::int64_t>& shape() const { return m_data->shape; }
    const std::vector<float>& values() const { return m_data->values; }
    const void* key() const { return m_data.get(); }

private:
    std::shared_ptr<IrParameter> m_data;
};

// Records the IR. A model's forward receives it to reach the graph queries, its parameters and
// constants; everything else goes through Values.
class Tracer {
public:
    Tracer();
    GnnIr& ir() { return m_ir; }
    GnnIr takeIr() { return std::move(m_ir); }

    Value input(std::int64_t width);
    Value inDegree(); // in-degree of each node in the whole graph
    Value outDegree(); // out-degree of each node in the whole graph
    Value use(const Parameter& parameter); // the same Parameter gives the same Value
    Value constant(double value);
    Value wrap(int id) { return Value(this, id); }

    // Names the ops recorded while the scope lives ("conv2"), for the drawing and errors.
    class Scope {
    public:
        Scope(Tracer& tracer, std::string name);
        ~Scope();
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

    private:
        Tracer& m_tracer;
        std::string m_previous;
    };

private:
    friend class Scope;
    GnnIr m_ir;
    std::vector<std::pair<Parameter, int>> m_params; // kept alive: their addresses identify them
    std::string m_scope;
};

Value operator+(const Value& a, const Value& b);
Value operator-(const Value& a, const Value& b);
Value operator*(const Value& a, const Value& b);
Value operator/(const Value& a, const Value& b);
Value operator+(const Value& a, double b);
Value operator-(const Value& a, double b);
Value operator*(const Value& a, double b);
Value operator/(const Value& a, double b);
Value operator+(double a, const Value& b);
Value operator-(double a, const Value& b);
Value operator*(double a, const Value& b);
Value operator/(double a, const Value& b);
Value operator-(const Value& a);
Value maximum(const Value& a, const Value& b);
Value minimum(const Value& a, const Value& b);

Value relu(const Value& x);
Value leakyRelu(const Value& x, double slope = 0.01);
Value elu(const Value& x, double alpha = 1.0);
Value sigmoid(const Value& x);
Value tanh(const Value& x);
Value exp(const Value& x);
Value log(const Value& x);
Value sqrt(const Value& x);
Value rsqrt(const Value& x);
Value abs(const Value& x);
Value pow(const Value& x, double exponent);
constexpr double kNoBound = std::numeric_limits<double>::quiet_NaN();
Value clamp(const Value& x, double min, double max = kNoBound);
Value clampMin(const Value& x, double min);
Value dropout(const Value& x, double p); // identity at evaluation; kept in the IR for the record

Value matmul(const Value& x, const Value& weight);
Value concat(const std::vector<Value>& xs, int axis = -1);
Value reshape(const Value& x, std::vector<std::int64_t> shape); // feature shape; one entry may be -1
Value unsqueeze(const Value& x, int axis = -1);
Value flatten(const Value& x); // all feature axes into one
// Entries start, start + step, ... of a feature axis, `count` of them (-1: to the end); x[:, a:b].
Value slice(const Value& x, int axis, std::int64_t start, std::int64_t count = -1, std::int64_t step = 1);
Value sum(const Value& x, int axis, bool keepDim = false);
Value mean(const Value& x, int axis, bool keepDim = false);
Value max(const Value& x, int axis, bool keepDim = false);
Value softmax(const Value& x, int axis = -1);
Value logSoftmax(const Value& x, int axis = -1);

Value gatherSrc(const Value& x);
Value gatherDst(const Value& x);
Value edgeSoftmax(const Value& e);
Value aggregate(const Value& messages, Reduction r = Reduction::Sum);

// y = x W^T + b, with W [out, in] Glorot-initialised and b small uniform.
class Linear {
public:
    Linear() = default;
    Linear(const std::string& name, std::int64_t in, std::int64_t out, bool bias, std::uint64_t seed);
    Value operator()(const Value& x) const;
    const Parameter& weight() const { return m_weight; }
    std::int64_t inFeatures() const { return m_in; }
    std::int64_t outFeatures() const { return m_out; }

private:
    std::string m_name;
    Parameter m_weight;
    Parameter m_bias;
    bool m_hasBias = false;
    std::int64_t m_in = 0;
    std::int64_t m_out = 0;
};

// A GNN written with this API.
class GnnModel {
public:
    virtual ~GnnModel() = default;
    virtual std::string name() const = 0;
    virtual std::int64_t inputWidth() const = 0;
    virtual Value forward(Tracer& graph, const Value& x) const = 0;
    virtual Json hyperParameters() const { return Json::object(); }
};

// Runs forward once on symbolic values and returns the recorded IR (with the output set).
GnnIr trace(const GnnModel& model);

} // namespace vantage::dgi
