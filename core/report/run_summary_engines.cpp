// EDL, DGI and PPAC in words: the elastic job's workers over time, the evaluation's time and peak
// memory, the recommender's ranking quality and popularity bias.

#include "report/engine_views.h"
#include "report/run_summary_p.h"

#include <algorithm>

namespace vantage::report::detail {

void Summaries::edlJob(const store::RunInfo& run, RunSummary& s) const
{
    const Json& r = run.result;
    std::string trainer = text(r, { "status", "trainer" });
    if (trainer.empty())
        trainer = text(run.params, { "spec", "trainer" });
    const auto steps = number(r, { "steps" }).value_or(number(r, { "status", "step" }).value_or(0));
    const auto epochs = number(r, { "status", "epochs" });
    const auto duration
        = number(r, { "duration_s" }).value_or(number(r, { "status", "elapsed_s" }).value_or(run.durationS));
    const auto loss = number(r, { "final_loss" });
    const std::string who = trainer.empty() ? tr("user's") : trainer;
    const std::string stepText = tr("%Ln step(s)", nullptr, static_cast<int>(steps));
    if (epochs)
        s.sentences.push_back(arg(tr("Elastic data-parallel job of the %1 trainer: %2 in %3 over %4."),
            { who, stepText, tr("%Ln epoch(s)", nullptr, static_cast<int>(*epochs)), language.seconds(duration) }));
    else
        s.sentences.push_back(arg(tr("Elastic data-parallel job of the %1 trainer: %2 over %3."),
            { who, stepText, language.seconds(duration) }));
    if (loss)
        s.sentences.push_back(arg(tr("Final loss: %1."), { language.number(*loss) }));
    if (auto throughput = number(r, { "status", "throughput" }))
        s.sentences.push_back(arg(tr("Throughput at the end: %1 samples/s."), { language.integer(*throughput) }));
    const std::string state = text(r, { "state" });
    if (!state.empty() && state != "finished")
        s.sentences.push_back(arg(tr("The job ended as %1: %2"), { state, text(r, { "message" }) }));

    figure(s, tr("Trainer"), who);
    figure(s, tr("Steps"), language.integer(steps), steps, "steps");
    if (epochs)
        figure(s, tr("Epochs"), language.integer(*epochs), *epochs, "epochs");
    figure(s, tr("Training time"), language.seconds(duration), duration, "duration_s");
    if (loss)
        figure(s, tr("Final loss"), language.number(*loss), *loss, "final_loss");
    if (auto throughput = number(r, { "status", "throughput" }))
        figure(s, tr("Throughput at the end"), arg(tr("%1 samples/s"), { language.integer(*throughput) }), *throughput,
            "throughput");
    edlWorkers(run.result, s);
    if (const Json* once = find(r, { "ledger", "exactly_once" }); once && once->is_boolean())
        s.sentences.push_back(once->get<bool>() ? tr("Every sample was trained on exactly once.")
                                                : tr("Not every sample was trained on exactly once (see the ledger)."));
    if (const Json* equal = find(r, { "replicas_equal" }); equal && equal->is_boolean())
        s.sentences.push_back(equal->get<bool>() ? tr("The workers' model replicas were equal at every check.")
                                                 : tr("The workers' model replicas differed at a check."));
}

// Workers over time from the scale events: at the start, at the end, at most.
void Summaries::edlWorkers(const Json& r, RunSummary& s) const
{
    const Json* events = find(r, { "events" });
    std::vector<const Json*> scale;
    if (events && events->is_array())
        for (const auto& e : *events)
            if (e.is_object() && e.contains("workers_before") && e.contains("workers_after"))
                scale.push_back(&e);
    int outs = 0, ins = 0;
    double pause = 0, most = 0;
    for (const Json* e : scale) {
        const std::string kind = text(*e, { "kind" });
        outs += kind == "scale_out";
        ins += kind == "scale_in";
        pause += number(*e, { "pause_s" }).value_or(0);
        most = std::max(
            { most, number(*e, { "workers_before" }).value_or(0), number(*e, { "workers_after" }).value_or(0) });
    }
    if (scale.empty()) {
        const Json* workers = find(r, { "status", "workers" });
        if (workers && workers->is_array() && !workers->empty()) {
            const auto n = static_cast<double>(workers->size());
            s.sentences.push_back(arg(tr("%1 workers throughout, no scale events."), { language.integer(n) }));
            figure(s, tr("Workers"), language.integer(n), n, "workers");
        }
        return;
    }
    const double start = number(*scale.front(), { "workers_before" }).value_or(0);
    const double end = number(*scale.back(), { "workers_after" }).value_or(0);
    const double meanPause = pause / static_cast<double>(scale.size());
    s.sentences.push_back(arg(tr("Workers: %1 at the start, %2 at the end, %3 at most; %4 (%5 out, %6 in), each "
                                 "pausing training for %7 on average."),
        { language.integer(start), language.integer(end), language.integer(most),
            tr("%Ln scale event(s)", nullptr, static_cast<int>(scale.size())), language.integer(outs),
            language.integer(ins), language.milliseconds(meanPause) }));
    figure(s, tr("Workers at the start"), language.integer(start), start, "workers_start");
    figure(s, tr("Workers at the end"), language.integer(end), end, "workers_end");
    figure(s, tr("Workers at most"), language.integer(most), most, "workers_max");
    figure(s, tr("Scale events"),
        arg(tr("%1 (%2 out, %3 in)"),
            { language.integer(static_cast<double>(scale.size())), language.integer(outs), language.integer(ins) }),
        static_cast<double>(scale.size()), "scale_events");
    figure(s, tr("Mean pause per scale event"), language.milliseconds(meanPause), meanPause, "mean_pause_s");
}

void Summaries::dgiEvaluation(const store::RunInfo& run, RunSummary& s) const
{
    const Json& r = run.result;
    const std::string mode = text(r, { "mode" });
    const std::string how = mode == "nodewise" ? tr("node by node") : tr("layer by layer");
    const double total = number(r, { "total_s" }).value_or(0);
    std::string model = text(r, { "model", "name" });
    const auto layers = number(r, { "model", "layers" });
    std::string graph = text(r, { "graph", "origin" });
    const auto nodes = number(r, { "graph", "nodes" });
    const auto edges = number(r, { "graph", "edges" });
    s.sentences.push_back(arg(tr("%1 evaluated %2 over the graph %3 (%4 nodes, %5 edges) in %6."),
        { model.empty() ? tr("The model") : model, how, graph.empty() ? run.name : graph,
            language.integer(nodes.value_or(0)), language.integer(edges.value_or(0)), language.seconds(total) }));
    const auto peak = number(r, { "peak_rss_bytes" });
    if (peak)
        s.sentences.push_back(arg(tr("Peak memory: %1 resident, %2 of layer outputs held in memory."),
            { language.bytes(*peak), language.bytes(number(r, { "peak_store_bytes_in_memory" }).value_or(0)) }));
    figure(s, tr("Model"), model.empty() ? tr("unknown") : model);
    if (layers)
        figure(s, tr("Layers"), language.integer(*layers), *layers, "layers");
    if (auto p = number(r, { "model", "parameters" }))
        figure(s, tr("Parameters"), language.integer(*p), *p);
    if (nodes)
        figure(s, tr("Nodes"), language.integer(*nodes), *nodes, "nodes");
    if (edges)
        figure(s, tr("Edges"), language.integer(*edges), *edges, "edges");
    figure(s, tr("Evaluation"), how);
    figure(s, tr("Time"), language.seconds(total), total, "total_s");
    if (peak)
        figure(s, tr("Peak memory (resident)"), language.bytes(*peak), *peak, "peak_rss_bytes");
    const Json* compare = find(r, { "compare" });
    if (!compare || !compare->is_array())
        return;
    for (const auto& c : *compare) {
        const auto otherS = number(c, { "total_s" });
        const auto speedup = number(c, { "speedup" });
        if (!otherS || !speedup)
            continue;
        const std::string other = text(c, { "mode" }) == "nodewise" ? tr("node by node") : tr("layer by layer");
        s.sentences.push_back(arg(tr("Evaluated %1, the same model took %2: %3 is %4× as fast; the outputs differ by "
                                     "at most %5."),
            { other, language.seconds(*otherS), how, language.fixed(*speedup, 2),
                language.number(number(c, { "max_abs_diff" }).value_or(0)) }));
        figure(s, arg(tr("Time %1"), { other }), language.seconds(*otherS), *otherS);
        figure(s, arg(tr("Speed-up over %1"), { other }), language.fixed(*speedup, 2) + "×", *speedup, "speedup");
    }
}

void Summaries::dgiPartition(const store::RunInfo& run, RunSummary& s) const
{
    const Json& r = run.result;
    const Json* layers = find(r, { "layers" });
    const Json* tensors = find(r, { "tensors" });
    const int nLayers = layers && layers->is_array() ? static_cast<int>(layers->size()) : 0;
    const int nTensors = tensors && tensors->is_array() ? static_cast<int>(tensors->size()) : 0;
    const std::string model = text(r, { "model" });
    s.sentences.push_back(arg(tr("%1 cut into %2 with %3."),
        { model.empty() ? tr("The model") : model, tr("%Ln layer(s)", nullptr, nLayers),
            tr("%Ln node tensor(s)", nullptr, nTensors) }));
    const auto nodes = number(r, { "nodes" });
    const auto peak = number(r, { "peak_live_tensor_bytes" });
    if (nodes && peak)
        s.sentences.push_back(arg(tr("On %1 nodes the layer outputs alive at once take at most %2."),
            { language.integer(*nodes), language.bytes(*peak) }));
    figure(s, tr("Layers"), language.integer(nLayers), nLayers, "layers");
    figure(s, tr("Node tensors"), language.integer(nTensors), nTensors);
    if (nodes && peak)
        figure(s, tr("Peak memory of layer outputs"), language.bytes(*peak), *peak, "peak_live_tensor_bytes");
}

void Summaries::ppacMetrics(const store::RunInfo& run, RunSummary& s) const
{
    const Json& r = run.result;
    const std::string model = text(r, { "model" });
    const Json* epochs = find(r, { "epochs" });
    const auto time = number(r, { "time_s" });
    if (epochs && epochs->is_array() && !epochs->empty() && time)
        s.sentences.push_back(arg(tr("%1 trained for %2 in %3 (best epoch %4)."),
            { model.empty() ? tr("The model") : model, tr("%Ln epoch(s)", nullptr, static_cast<int>(epochs->size())),
                language.seconds(*time), language.integer(number(r, { "best_epoch" }).value_or(0)) }));
    const auto table = ppacMetricTable(run);
    figure(s, tr("Model"), model.empty() ? tr("unknown") : model);
    if (time)
        figure(s, tr("Training time"), language.seconds(*time), *time, "time_s");
    if (table && !table->ks.empty()) {
        const int k = table->ks.front();
        const std::string ks = language.integer(k);
        auto at = [&](const char* metric, const char* split) { return table->value(metric, split, k); };
        const auto recall = at("recall", "full"), ndcg = at("ndcg", "full");
        const auto recallB = at("recall", "balanced"), ndcgB = at("ndcg", "balanced");
        if (recall && ndcg)
            s.sentences.push_back(arg(tr("At K = %1 on the full test set: Recall %2, NDCG %3."),
                { ks, language.fixed(*recall, 4), language.fixed(*ndcg, 4) }));
        if (recallB && ndcgB)
            s.sentences.push_back(
                arg(tr("On the popularity-balanced test set (the debiased view): Recall %1, NDCG %2."),
                    { language.fixed(*recallB, 4), language.fixed(*ndcgB, 4) }));
        const auto arp = at("arp", "full"), gini = at("gini", "full"), tail = at("tail", "full");
        if (arp && gini && tail)
            s.sentences.push_back(arg(tr("Popularity bias at K = %1: average recommended popularity (ARP) %2, Gini %3, "
                                         "long-tail share %4."),
                { ks, language.fixed(*arp, 4), language.fixed(*gini, 4), language.percent(*tail) }));
        const std::pair<std::optional<double>, std::string> rows[] = { { recall, arg(tr("Recall@%1, full"), { ks }) },
            { recallB, arg(tr("Recall@%1, balanced"), { ks }) }, { ndcg, arg(tr("NDCG@%1, full"), { ks }) },
            { ndcgB, arg(tr("NDCG@%1, balanced"), { ks }) }, { arp, arg(tr("ARP@%1, full"), { ks }) } };
        for (const auto& [value, label] : rows)
            if (value)
                figure(s, label, language.fixed(*value, 4), *value);
    }
    const auto gamma = number(r, { "knobs", "gamma" }).value_or(number(r, { "gamma" }).value_or(-1));
    const auto beta = number(r, { "knobs", "beta" }).value_or(number(r, { "beta" }).value_or(-1));
    if (gamma >= 0 && beta >= 0) {
        s.sentences.push_back(arg(gamma == 0 && beta == 0 ? tr("Ranked with γ = %1 and β = %2: no popularity "
                                                               "re-ranking.")
                                                          : tr("Ranked with the debiasing knobs γ = %1 and β = %2."),
            { language.number(gamma), language.number(beta) }));
        figure(s, tr("Debiasing knobs"), arg(tr("γ = %1, β = %2"), { language.number(gamma), language.number(beta) }));
    }
}

} // namespace vantage::report::detail
