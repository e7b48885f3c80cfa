#pragma once
// The parent's side of the IR wire format (ir_wire.cpp), private to it.

#include "dgi/ir.h"

#include "common/json.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace vantage::dgi::detail {

// Builds the parent's own IR from the ops and parameters a model reader sent, op by op through
// GnnIr's checking builders: every operand must come before the op that reads it, every parameter
// must lie inside the values that were sent.
struct Rebuild {
    const Json& ops;
    const Json& params;
    std::string_view values; // the parameters' float32 values, in order
    std::size_t taken = 0; // bytes of `values` used
    std::vector<std::size_t> paramStart; // byte offset of each parameter in `values`
    GnnIr ir;

    // Operand i of op `self`, which must be an op before it.
    int in(const Json& op, std::size_t i, int self) const;

    // A parameter op: its values copied out of `values`.
    int parameter(const Json& op);

    // Op `self` rebuilt; its id in `ir`.
    int op(const Json& o, int self);
};

} // namespace vantage::dgi::detail
