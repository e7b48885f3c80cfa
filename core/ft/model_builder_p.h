#pragma once
// The op-graph builder the zoo's models are written with (model_zoo.cpp), private to it.

#include "ft/op_graph.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vantage::ft::detail {

// Small helpers over OpGraph::add, so the models below read like their papers.
class Builder {
public:
    explicit Builder(std::string name) { m_g.name = std::move(name); }
    OpGraph take() { return std::move(m_g); }
    const Op& op(int i) const { return m_g.op(i); }

    int image(std::string name, std::int64_t batch, std::int64_t channels, std::int64_t side, std::int64_t out, int k,
        int s, int p, bool bn = true, bool bias = false);
    int conv(std::string name, int in, std::int64_t out, int kh, int kw, int s, int ph, int pw,
        Activation act = Activation::Relu, bool bn = true, bool bias = false);
    int conv(std::string name, int in, std::int64_t out, int k, int s = 1, int p = 0, Activation act = Activation::Relu,
        bool bn = true, bool bias = false);
    int pool(std::string name, int in, std::string fn, int k = 1, int s = 1, int p = 0);
    int concat(std::string name, std::vector<int> ins);
    int linear(
        std::string name, int in, std::int64_t out, bool bias = true, Activation act = Activation::None, int tied = -1);
    int embedding(std::string name, std::int64_t batch, std::int64_t seq, std::int64_t vocab, std::int64_t hidden,
        std::int64_t extraRows, int tied = -1);
    int norm(std::string name, int in, OpKind kind = OpKind::LayerNorm);
    int add(std::string name, int a, int b, Activation act = Activation::None);
    int attention(std::string name, std::vector<int> ins, int heads, int kvHeads = 0);
    int loss(std::string name, int in);

private:
    static Op convOp(std::string name, std::int64_t out, int kh, int kw, int sh, int sw, int ph, int pw, bool bn,
        Activation act, bool bias);
    OpGraph m_g;
};

} // namespace vantage::ft::detail
