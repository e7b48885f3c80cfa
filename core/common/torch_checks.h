#pragma once
// For LibTorch translation units only (the TorchScript import, the EDL trainers, the model reader):
// every tensor a loaded TorchScript module holds, checked against its storage before anything reads
// it. LibTorch's unpickler rebuilds a tensor from the sizes, strides and offset the file states
// without checking them against the bytes of its storage, so a forged archive makes a 2x2 view of a
// one-element storage, and what is read past it is other heap memory, or a crash.

#include "common/error.h"

#include <torch/csrc/jit/ir/constants.h>
#include <torch/script.h>

#include <cstdint>
#include <string>

namespace vantage {

// Throws Error::invalidInput naming `source` and `what` when `t` reaches past its storage.
inline void checkTensorInStorage(const at::Tensor& t, const std::string& source, const std::string& what)
{
    if (!t.defined())
        return;
    if (t.layout() != c10::kStrided)
        throw Error::invalidInput(what + " is a sparse or otherwise unusual tensor, which Vantage does not read")
            .inFile(source);
    if (t.is_quantized())
        throw Error::invalidInput(what + " is a quantized tensor, which Vantage does not read").inFile(source);
    if (t.numel() == 0)
        return;
    const std::int64_t offset = t.storage_offset();
    // The last element's index, offset + sum((size - 1) * stride), and its end in bytes, with every
    // step checked for overflow: a forged file states sizes near 2^63.
    bool bad = offset < 0;
    std::uint64_t last = bad ? 0 : static_cast<std::uint64_t>(offset);
    for (std::int64_t d = 0; d < t.dim() && !bad; ++d) {
        const std::int64_t size = t.size(d), stride = t.stride(d);
        std::uint64_t reach = 0;
        bad = stride < 0 || size < 0
            || __builtin_mul_overflow(static_cast<std::uint64_t>(size - 1), static_cast<std::uint64_t>(stride), &reach)
            || __builtin_add_overflow(last, reach, &last);
    }
    std::uint64_t need = 0;
    bad = bad || __builtin_add_overflow(last, std::uint64_t{ 1 }, &need)
        || __builtin_mul_overflow(need, static_cast<std::uint64_t>(t.element_size()), &need);
    const std::uint64_t have = t.storage().nbytes();
    if (bad || need > have)
        throw Error::invalidInput(what + " states sizes " + c10::str(t.sizes()) + ", strides " + c10::str(t.strides())
            + " and offset " + std::to_string(offset) + " that reach past its storage of "
            + std::to_string(t.storage().nbytes()) + " bytes: the file is damaged or forged")
            .inFile(source);
}

// Every tensor constant of `block` and the blocks nested in it.
inline void checkBlockConstants(const torch::jit::Block* block, const std::string& source, const std::string& method)
{
    for (const torch::jit::Node* n : block->nodes()) {
        if (n->kind() == c10::prim::Constant && n->output()->type()->kind() == c10::TypeKind::TensorType)
            if (auto iv = torch::jit::toIValue(n->output()); iv && iv->isTensor())
                checkTensorInStorage(iv->toTensor(), source, "a tensor constant of " + method);
        for (const torch::jit::Block* b : n->blocks())
            checkBlockConstants(b, source, method);
    }
}

// Every tensor of the module (parameters, buffers, attributes, tensors inside lists, tuples, dicts
// and objects) and every tensor constant of its and its submodules' methods.
inline void checkModuleTensors(const torch::jit::Module& module, const std::string& source)
{
    c10::IValue::HashAliasedIValues values;
    c10::IValue(module._ivalue()).getSubValues(values);
    for (const c10::IValue& v : values)
        if (v.isTensor())
            checkTensorInStorage(v.toTensor(), source, "a tensor of the module");
    for (const auto& m : module.modules())
        for (const auto& method : m.get_methods())
            checkBlockConstants(method.graph()->block(), source, method.name());
}

} // namespace vantage
