#pragma once
// Dense and element-wise ops, shared by every mode, and the global values computed from them once.

#include "dgi/evaluation_p.h"

namespace vantage::dgi::detail {

// ---------------------------------------------------------------------------------------------
// Dense and element-wise ops, shared by every mode. Row-carrying values have the row dimension first.

Tensor applyDense(const GnnIr& ir, int v, const std::vector<Tensor>& in);

// Global values (parameters, constants and ops on them), computed once per evaluation.
class Globals {
public:
    Globals(const GnnIr& ir, at::ScalarType type)
        : m_ir(ir)
        , m_type(type)
    { }
    Tensor get(int v)
    {
        if (auto it = m_cache.find(v); it != m_cache.end())
            return it->second;
        const IrOp& o = m_ir.op(v);
        Tensor t;
        if (o.kind == OpKind::Parameter) {
            const IrParameter& p = m_ir.parameters()[static_cast<std::size_t>(o.param)];
            t = torch::from_blob(const_cast<float*>(p.values.data()), p.shape, torch::kFloat32).to(m_type).clone();
        } else if (o.kind == OpKind::Constant) {
            t = torch::full(o.shape, o.alpha, torch::TensorOptions().dtype(m_type));
        } else {
            std::vector<Tensor> in;
            for (int u : o.inputs)
                in.push_back(get(u));
            t = applyDense(m_ir, v, in);
        }
        m_cache.emplace(v, t);
        return t;
    }

private:
    const GnnIr& m_ir;
    at::ScalarType m_type;
    std::unordered_map<int, Tensor> m_cache;
};

} // namespace vantage::dgi::detail
