#include "dgi/dense_ops_p.h"

namespace vantage::dgi::detail {

namespace {

// Element-wise with PyTorch's broadcasting; comparisons give 1 / 0 in the operands' type.
Tensor applyBinary(BinaryFn fn, const Tensor& a, const Tensor& b)
{
    switch (fn) {
    case BinaryFn::Add:
        return a + b;
    case BinaryFn::Sub:
        return a - b;
    case BinaryFn::Mul:
        return a * b;
    case BinaryFn::Div:
        return a / b;
    case BinaryFn::Maximum:
        return at::maximum(a, b);
    case BinaryFn::Minimum:
        return at::minimum(a, b);
    case BinaryFn::Eq:
        return a.eq(b).to(at::result_type(a, b));
    case BinaryFn::Ne:
        return a.ne(b).to(at::result_type(a, b));
    case BinaryFn::Lt:
        return a.lt(b).to(at::result_type(a, b));
    case BinaryFn::Le:
        return a.le(b).to(at::result_type(a, b));
    case BinaryFn::Gt:
        return a.gt(b).to(at::result_type(a, b));
    case BinaryFn::Ge:
        return a.ge(b).to(at::result_type(a, b));
    }
    throw Error::failure(std::string("evaluator: unknown binary function ") + std::string(enumName(fn)));
}

} // namespace

Tensor applyDense(const GnnIr& ir, int v, const std::vector<Tensor>& in)
{
    const IrOp& o = ir.op(v);
    const int rowDim = o.space == Space::Global ? 0 : 1;
    switch (o.kind) {
    case OpKind::Linear:
        return in.size() > 2 ? at::linear(in[0], in[1], in[2]) : at::linear(in[0], in[1]);
    case OpKind::MatMul:
        return at::matmul(in[0], in[1]);
    case OpKind::Unary: {
        const Tensor& x = in[0];
        switch (o.unary) {
        case UnaryFn::Identity:
        case UnaryFn::Dropout:
            return x;
        case UnaryFn::Neg:
            return -x;
        case UnaryFn::Relu:
            return at::relu(x);
        case UnaryFn::LeakyRelu:
            return at::leaky_relu(x, o.alpha);
        case UnaryFn::Elu:
            return at::elu(x, o.alpha);
        case UnaryFn::Sigmoid:
            return at::sigmoid(x);
        case UnaryFn::Tanh:
            return at::tanh(x);
        case UnaryFn::Exp:
            return at::exp(x);
        case UnaryFn::Log:
            return at::log(x);
        case UnaryFn::Sqrt:
            return at::sqrt(x);
        case UnaryFn::Rsqrt:
            return at::rsqrt(x);
        case UnaryFn::Abs:
            return at::abs(x);
        case UnaryFn::Reciprocal:
            return at::reciprocal(x);
        case UnaryFn::Pow:
            return at::pow(x, o.alpha);
        case UnaryFn::Clamp: {
            c10::optional<at::Scalar> lo;
            c10::optional<at::Scalar> hi;
            if (!std::isnan(o.alpha))
                lo = o.alpha;
            if (!std::isnan(o.beta))
                hi = o.beta;
            return at::clamp(x, lo, hi);
        }
        }
        break;
    }
    case OpKind::Binary:
        return applyBinary(o.binary, in[0], in[1]);
    case OpKind::Where:
        return at::where(in[0].ne(0), in[1], in[2]).to(at::result_type(in[1], in[2]));
    case OpKind::Concat:
        return at::cat(in, o.axis + rowDim);
    case OpKind::Slice: {
        const std::int64_t count = o.shape[static_cast<std::size_t>(o.axis)];
        return in[0].slice(o.axis + rowDim, o.start, o.start + (count - 1) * o.step + 1, o.step);
    }
    case OpKind::Reshape:
        return rowDim ? in[0].reshape(withRows(in[0].size(0), o.shape)) : in[0].reshape(o.shape);
    case OpKind::Reduce:
        switch (o.reduction) {
        case Reduction::Sum:
            return in[0].sum(o.axis + rowDim, o.keepDim);
        case Reduction::Mean:
            return in[0].mean(o.axis + rowDim, o.keepDim);
        case Reduction::Max:
            return std::get<0>(in[0].max(o.axis + rowDim, o.keepDim));
        }
        break;
    case OpKind::Softmax:
        return o.logSoftmax ? at::log_softmax(in[0], o.axis + rowDim) : at::softmax(in[0], o.axis + rowDim);
    default:
        break;
    }
    throw Error::failure(std::string("evaluator: ") + std::string(enumName(o.kind)) + " is not a dense op");
}

} // namespace vantage::dgi::detail
