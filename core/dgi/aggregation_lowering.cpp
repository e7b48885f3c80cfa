// The aggregation lowering both model readers share (aggregation_lowering_p.h).

#include "dgi/aggregation_lowering_p.h"

#include "common/error.h"

namespace vantage::dgi::detail {

namespace {

[[noreturn]] void fail(const Refusal& refuse, const std::string& why)
{
    refuse(why);
    throw Error::failure("DGI's aggregation lowering: a refusal returned: " + why);
}

} // namespace

int inDegreeOfRank(GnnIr& ir, std::size_t rank)
{
    const int deg = ir.graphQuery(OpKind::InDegree);
    return rank == 0 ? deg : ir.reshape(deg, std::vector<std::int64_t>(rank, 1));
}

int filledRows(GnnIr& ir, Space space, const std::vector<std::int64_t>& shape, double fill)
{
    // 0 * in-degree (finite, so exactly 0) carries the rows; the constant carries the fill and shape.
    int zero = ir.binary(BinaryFn::Mul, inDegreeOfRank(ir, shape.size()), ir.constant(0.0));
    if (space == Space::Edge)
        zero = ir.gatherSrc(zero);
    return ir.binary(BinaryFn::Add, zero, ir.constant(fill, shape));
}

int lowerIntoFilled(GnnIr& ir, int agg, int messages, double fill, Reduction r, bool includeSelf, const Refusal& refuse)
{
    const auto keepFillWhereEmpty = [&](int v) {
        const int has = ir.binary(BinaryFn::Gt, inDegreeOfRank(ir, ir.op(v).shape.size()), ir.constant(0.0));
        return ir.where(has, v, ir.constant(fill));
    };
    switch (r) {
    case Reduction::Sum:
        if (fill == 0.0)
            return agg;
        return includeSelf ? ir.binary(BinaryFn::Add, agg, ir.constant(fill)) : keepFillWhereEmpty(agg);
    case Reduction::Max:
        if (!includeSelf)
            return fill == 0.0 ? agg : keepFillWhereEmpty(agg);
        if (fill == 0.0)
            return ir.binary(BinaryFn::Maximum, agg, ir.constant(0.0));
        return keepFillWhereEmpty(ir.binary(BinaryFn::Maximum, agg, ir.constant(fill)));
    case Reduction::Mean: {
        if (!includeSelf)
            return fill == 0.0 ? agg : keepFillWhereEmpty(agg);
        if (messages < 0)
            fail(refuse, "a mean of ones is always one; count edges with a sum");
        // The fill counts as one more element: (fill + sum) / (in-degree + 1).
        const int sum = ir.binary(BinaryFn::Add, ir.aggregate(Reduction::Sum, messages), ir.constant(fill));
        const int deg = inDegreeOfRank(ir, ir.op(sum).shape.size());
        return ir.binary(BinaryFn::Div, sum, ir.binary(BinaryFn::Add, deg, ir.constant(1.0)));
    }
    }
    fail(refuse, "unknown reduction");
}

int lowerAggregation(GnnIr& ir, const Aggregation& a, const Refusal& refuse)
{
    const auto degree = [&](OpKind kind) {
        const int deg = ir.graphQuery(kind);
        return a.sourceShape.empty() ? deg : ir.reshape(deg, a.sourceShape);
    };
    if (!a.intoDestinations) {
        // A sum of ones into the sources is each node's out-degree (PyG's degree(edge_index[0])).
        if (a.countsEdges && a.reduction == Reduction::Sum && a.intoFilled && (a.fill == 0.0 || a.includeSelf)) {
            const int agg = degree(OpKind::OutDegree);
            if (a.fillShape != ir.op(agg).shape)
                fail(refuse, "the filled tensor's feature shape does not match the aggregated values");
            return a.fill == 0.0 ? agg : ir.binary(BinaryFn::Add, agg, ir.constant(a.fill));
        }
        fail(refuse,
            "aggregating into source rows (edge_index[0]) runs messages backwards (PyG's "
            "flow='target_to_source' too); aggregate into edge_index[1], and for the reverse direction "
            "give the graph reversed (swap the two columns of the edge list) rather than flipping "
            "edge_index in the model");
    }
    int agg = -1;
    int messages = -1;
    if (a.countsEdges) {
        if (a.reduction != Reduction::Sum)
            fail(refuse, "only a sum of ones (a degree) is supported");
        agg = degree(OpKind::InDegree);
    } else {
        messages = a.messages();
        if (ir.op(messages).space != Space::Edge)
            fail(refuse, "the aggregated values must be per edge (gathered with index_select first)");
        agg = ir.aggregate(a.reduction, messages);
    }
    if (a.intoFilled) {
        if (a.fillShape != ir.op(agg).shape)
            fail(refuse, "the filled tensor's feature shape does not match the aggregated values");
        return lowerIntoFilled(ir, agg, messages, a.fill, a.reduction, a.includeSelf, refuse);
    }
    if (a.reduction != Reduction::Sum || !a.includeSelf)
        fail(refuse,
            "aggregating into a tensor computed from the features is only supported as a sum with "
            "include_self; start from torch.zeros / torch.full");
    return ir.binary(BinaryFn::Add, a.destination(), agg);
}

} // namespace vantage::dgi::detail
