#include "dgi/dense_ops_p.h"

namespace vantage::dgi::detail {

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
        switch (o.binary) {
        case BinaryFn::Add:
            return in[0] + in[1];
        case BinaryFn::Sub:
            return in[0] - in[1];
        case BinaryFn::Mul:
            return in[0] * in[1];
        case BinaryFn::Div:
            return in[0] / in[1];
        case BinaryFn::Maximum:
            return at::maximum(in[0], in[1]);
        case BinaryFn::Minimum:
            return at::minimum(in[0], in[1]);
        }
        break;
    case OpKind::Concat:
        return at::cat(in, o.axis + rowDim);
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
    throw Error::failure(std::string("evaluator: ") + opKindName(o.kind) + " is not a dense op");
}

} // namespace vantage::dgi::detail
