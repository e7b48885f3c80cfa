#pragma once
// A session with one run of every engine shape the report knows (FT search with frontiers and
// baselines, PPAC training with metrics and series), two that it handles generically (DGI-like and
// EDL-like runs with summary, series and SVG artifacts) and a failed run; plus a small XML reader
// for the report's HTML (well-formed by design) and an RFC 4180 CSV reader. Shared by the report,
// PDF and CLI suites.

#include "store/session.h"

#include <QFile>
#include <QString>
#include <QStringList>
#include <QXmlStreamReader>

#include <cmath>
#include <filesystem>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace report_fixture {

using vantage::Json;
namespace store = vantage::store;

struct Ids {
    std::int64_t ft = 0, ppac = 0, dgi = 0, edl = 0, failed = 0;
};

inline std::vector<store::SeriesPoint> curve(std::mt19937& rng, std::size_t n, double start, double rate, double noise)
{
    std::normal_distribution<double> jitter(0.0, noise);
    std::vector<store::SeriesPoint> pts;
    pts.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        pts.push_back({ static_cast<double>(i + 1),
            start * std::exp(-rate * static_cast<double>(i) / static_cast<double>(n)) + jitter(rng) });
    return pts;
}

inline const char* kLayerCutSvg =
    R"(<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg xmlns="http://www.w3.org/2000/svg" width="240pt" height="120pt" viewBox="0 0 240 120">
<g id="graph0"><title>layers</title><rect x="0" y="0" width="240" height="120" fill="white"/>
<rect x="10" y="10" width="100" height="40" fill="#cfe3f3" stroke="#0072B2"/><text x="60" y="35" text-anchor="middle" font-size="12">layer 0: gcn-conv</text>
<rect x="130" y="70" width="100" height="40" fill="#f9dfc9" stroke="#D55E00"/><text x="180" y="95" text-anchor="middle" font-size="12">layer 1: linear</text>
<path d="M110 30 L130 90" stroke="black" fill="none"/></g></svg>)";

// seriesPoints 0: small series (tens of points); otherwise every series has that many points.
inline Ids populate(store::Session& s, std::size_t seriesPoints = 0)
{
    std::mt19937 rng(20240501);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    Ids ids;
    constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

    // FT search: two frontiers (8 and 16 devices) with baselines.
    {
        Json params = {
            { "model", "bert-large" }, { "batch", 32 }, { "devices", { 8, 16 } }, { "epsilon", 0.05 },
            { "cluster",
                { { "name", "dgx-a100" }, { "nodes", 2 }, { "device_memory", 80.0 * GiB }, { "nvlink_gbps", 600.5 } } }
        };
        ids.ft = s.beginRun({ .engine = store::Engine::Ft,
            .kind = store::RunKind::Search,
            .name = "bert-large on 2 nodes",
            .params = params });
        Json frontiers = Json::array();
        for (int devices : { 8, 16 }) {
            Json points = Json::array();
            double t = 0.31 * 8.0 / devices + 0.013 * u(rng);
            double m = 61.3 * GiB * 8.0 / devices;
            const int n = devices == 8 ? 7 : 5;
            for (int i = 0; i < n; ++i) {
                points.push_back({ { "time", t }, { "memory", m }, { "strategy", i } });
                t *= 1.07 + 0.05 * u(rng);
                m *= 0.78 - 0.04 * u(rng);
            }
            Json baselines
                = Json::array({ { { "name", "data parallel" }, { "time", 0.52 * 8.0 / devices + 0.01 * u(rng) },
                                    { "memory", 71.7 * GiB } },
                    { { "name", "Megatron" }, { "time", 0.47 * 8.0 / devices + 0.01 * u(rng) },
                        { "memory", 40.2 * GiB * 8.0 / devices } } });
            frontiers.push_back(
                { { "devices", devices }, { "search_s", 0.8 + u(rng) }, { "frontier_size", n }, { "points", points },
                    { "baselines", baselines }, { "stats", { { "steps", 120 }, { "max_frontier_ops", 9 } } } });
        }
        Json result = { { "model", "bert-large" }, { "batch", 32 }, { "cluster", "dgx-a100" },
            { "device_memory", 80.0 * GiB }, { "epsilon", 0.05 }, { "precision", "mixed" }, { "optimizer", "adam" },
            { "max_split", 2 }, { "frontiers", frontiers }, { "ops", { "embed", "attn0", "mlp0" } } };
        const double fastest = frontiers[0]["points"][0]["time"].get<double>();
        s.finishRun(ids.ft, store::RunStatus::Done, result,
            "bert-large: x8 7 pts, fastest " + std::to_string(fastest).substr(0, 5) + " s; x16 5 pts");
    }

    // PPAC train: metrics at K = 20/50/100, full and balanced; loss and validation series.
    {
        Json params = { { "dataset", { { "name", "synthetic" }, { "users", 500 }, { "items", 800 }, { "seed", 7 } } },
            { "train", { { "model", "mf" }, { "ppac", true }, { "epochs", 30 }, { "lr", 0.001 }, { "dim", 64 } } } };
        ids.ppac = s.beginRun({ .engine = store::Engine::Ppac,
            .kind = store::RunKind::Train,
            .name = "PPAC-MF on synthetic",
            .params = params });
        const std::size_t n = seriesPoints ? seriesPoints : 30;
        s.appendSeries(ids.ppac, "loss", curve(rng, n, 0.69, 2.3, 0.004));
        s.appendSeries(ids.ppac, "validation recall@20", curve(rng, n, 0.02, -1.5, 0.001));
        Json metrics = Json::object();
        for (const char* split : { "full", "balanced" }) {
            Json m = { { "users", 480 } };
            for (int k : { 20, 50, 100 }) {
                const double scale = std::sqrt(k / 20.0);
                const std::string at = "@" + std::to_string(k);
                m["recall" + at] = 0.07 * scale + 0.01 * u(rng);
                m["precision" + at] = 0.03 / scale + 0.005 * u(rng);
                m["ndcg" + at] = 0.05 * scale + 0.01 * u(rng);
                m["arp" + at] = 150.0 / scale + 20.0 * u(rng);
                m["coverage" + at] = 0.2 * scale + 0.05 * u(rng);
                m["gini" + at] = 0.8 - 0.05 * scale * u(rng);
                m["tail" + at] = 0.1 * scale + 0.02 * u(rng);
            }
            metrics[split] = m;
        }
        Json epochs = Json::array();
        for (int e = 1; e <= 30; ++e)
            epochs.push_back(
                { { "epoch", e }, { "loss", 0.69 * std::exp(-0.08 * e) }, { "time_s", 0.2 + 0.01 * u(rng) } });
        Json result
            = { { "model", "PPAC-MF" }, { "best_epoch", 27 }, { "stopped_early", false }, { "time_s", 6.25 + u(rng) },
                  { "epochs", epochs }, { "metrics", metrics }, { "knobs", { { "gamma", 0.0 }, { "beta", 0.0 } } } };
        char summary[160];
        std::snprintf(summary, sizeof summary, "Recall@20 %.4f, NDCG@20 %.4f, ARP@20 %.4f",
            metrics["full"]["recall@20"].get<double>(), metrics["full"]["ndcg@20"].get<double>(),
            metrics["full"]["arp@20"].get<double>());
        s.finishRun(ids.ppac, store::RunStatus::Done, result, summary);
    }

    // DGI-like: evaluation times per layer for two modes, speedup, a layer-cut SVG.
    {
        Json params = { { "model", "gcn-2" },
            { "graph", { { "generator", "power_law" }, { "nodes", 20000 }, { "avg_degree", 12 } } },
            { "modes", { "layerwise", "nodewise" } }, { "batch", 1024 } };
        ids.dgi = s.beginRun({ .engine = store::Engine::Dgi,
            .kind = store::RunKind::Evaluate,
            .name = "gcn-2 on power_law",
            .params = params });
        const std::size_t n = seriesPoints ? seriesPoints : 3;
        s.appendSeries(ids.dgi, "layer_time_s/layerwise", curve(rng, n, 0.12, 0.5, 0.002));
        s.appendSeries(ids.dgi, "layer_time_s/nodewise", curve(rng, n, 0.95, 0.3, 0.01));
        const double lw = 0.3 + 0.1 * u(rng), nw = 2.4 + 0.5 * u(rng);
        Json result = { { "total_s", lw }, { "speedup", { { "nodewise", nw / lw } } },
            { "model", { { "name", "gcn" }, { "layers", 2 }, { "parameters", 34567 } } },
            { "graph", { { "nodes", 20000 }, { "edges", 240113 } } }, { "summary", "layer-wise 7.8x faster" } };
        s.finishRun(ids.dgi, store::RunStatus::Done, result,
            "layer-wise " + std::to_string(nw / lw).substr(0, 4) + "x faster than node-wise");
        s.addArtifact(ids.dgi, "layer_cut.svg", "image/svg+xml", kLayerCutSvg);
        s.addArtifact(ids.dgi, "layer_cut.dot", "text/vnd.graphviz", "digraph { a -> b }");
    }

    // EDL-like: elastic training with scale events; loss, throughput and worker count series.
    {
        Json params = { { "model", "resnet18" }, { "workers", { { "min", 1 }, { "max", 4 } } }, { "batch", 64 },
            { "lr", 0.1 }, { "steps", 200 } };
        ids.edl = s.beginRun({ .engine = store::Engine::Edl,
            .kind = store::RunKind::Train,
            .name = R"(<script>alert("x")</script> & co)",
            .params = params });
        const std::size_t n = seriesPoints ? seriesPoints : 200;
        auto loss = curve(rng, n, 2.3, 3.0, 0.05);
        s.appendSeries(ids.edl, "loss", loss);
        s.appendSeries(ids.edl, "throughput", curve(rng, n, 400.0, -0.3, 15.0));
        std::vector<store::SeriesPoint> workers;
        for (std::size_t i = 0; i < n; ++i)
            workers.push_back({ static_cast<double>(i + 1), i < n / 4 ? 2.0 : i < n / 2 ? 4.0 : 3.0 });
        s.appendSeries(ids.edl, "workers", workers);
        Json result = { { "final_loss", loss.back().value }, { "steps", 200 }, { "scale_events", 2 },
            { "throughput", 512.5 + u(rng) }, { "workers_final", 3 } };
        s.finishRun(ids.edl, store::RunStatus::Done, result,
            "loss " + std::to_string(loss.back().value).substr(0, 5) + ", 2 scale events");
        s.addArtifact(ids.edl, "timeline.svg", "image/svg+xml",
            R"(<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect x="0" y="0" width="200" height="60" fill="#eef"/><text x="10" y="35" font-size="14">workers 2 → 4 → 3</text></svg>)");
        s.setRunTags(ids.edl, { "elastic", "cpu" });
    }

    // A failed run: no result, an error.
    {
        ids.failed = s.beginRun({ .engine = store::Engine::Edl,
            .kind = store::RunKind::Train,
            .name = "lost worker",
            .params = { { "workers", 2 } } });
        s.finishRun(ids.failed, store::RunStatus::Failed, nullptr, {}, "worker 2 lost: connection reset by peer");
    }
    return ids;
}

inline Ids makeSession(const std::filesystem::path& file, std::size_t seriesPoints = 0)
{
    auto s = store::Session::create(file, "Report test session");
    return populate(s, seriesPoints);
}

// --- the report's HTML as a tree (it is well-formed XML by design) ---------------------------------

struct Node {
    QString name;
    QXmlStreamAttributes attributes;
    QString ownText;
    std::vector<std::unique_ptr<Node>> children;
    Node* parent = nullptr;

    QString attr(const char* key) const { return attributes.value(QLatin1String(key)).toString(); }
    bool hasAttr(const char* key) const { return attributes.hasAttribute(QLatin1String(key)); }
    bool hasClass(const char* cls) const { return attr("class").split(QLatin1Char(' ')).contains(QLatin1String(cls)); }
    QString text() const
    {
        QString t = ownText;
        for (const auto& c : children)
            t += c->text();
        return t;
    }
    void findAll(const std::function<bool(const Node&)>& pred, std::vector<const Node*>& out) const
    {
        for (const auto& c : children) {
            if (pred(*c))
                out.push_back(c.get());
            c->findAll(pred, out);
        }
    }
    std::vector<const Node*> all(const std::function<bool(const Node&)>& pred) const
    {
        std::vector<const Node*> out;
        findAll(pred, out);
        return out;
    }
    const Node* first(const std::function<bool(const Node&)>& pred) const
    {
        auto v = all(pred);
        return v.empty() ? nullptr : v.front();
    }
};

// Parses `html`; *error holds the parser's message (with line and column) when it is not well-formed.
inline std::unique_ptr<Node> parseHtml(const QByteArray& html, QString* error)
{
    auto root = std::make_unique<Node>();
    Node* cur = root.get();
    QXmlStreamReader xml(html);
    while (!xml.atEnd()) {
        switch (xml.readNext()) {
        case QXmlStreamReader::StartElement: {
            auto n = std::make_unique<Node>();
            n->name = xml.name().toString();
            n->attributes = xml.attributes();
            n->parent = cur;
            cur->children.push_back(std::move(n));
            cur = cur->children.back().get();
            break;
        }
        case QXmlStreamReader::EndElement:
            cur = cur->parent;
            break;
        case QXmlStreamReader::Characters: {
            // Text is kept as a child so that text() reads in document order.
            auto n = std::make_unique<Node>();
            n->ownText = xml.text().toString();
            n->parent = cur;
            cur->children.push_back(std::move(n));
            break;
        }
        default:
            break;
        }
    }
    if (xml.hasError() && error)
        *error = QStringLiteral("%1 at line %2, column %3")
                     .arg(xml.errorString())
                     .arg(xml.lineNumber())
                     .arg(xml.columnNumber());
    return xml.hasError() ? nullptr : std::move(root);
}

// --- CSV (RFC 4180) ------------------------------------------------------------------------------

inline std::vector<QStringList> parseCsv(const QByteArray& bytes)
{
    const QString text = QString::fromUtf8(bytes);
    std::vector<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false, any = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text[i + 1] == QLatin1Char('"'))
                    field += c, ++i;
                else
                    quoted = false;
            } else {
                field += c;
            }
            continue;
        }
        if (c == QLatin1Char('"')) {
            quoted = true;
            any = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
            any = true;
        } else if (c == QLatin1Char('\r')) {
            continue;
        } else if (c == QLatin1Char('\n')) {
            row << field;
            rows.push_back(row);
            row.clear();
            field.clear();
            any = false;
        } else {
            field += c;
            any = true;
        }
    }
    if (any || !field.isEmpty()) {
        row << field;
        rows.push_back(row);
    }
    return rows;
}

inline QByteArray readAll(const std::filesystem::path& p)
{
    QFile f(QString::fromStdString(p.string()));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace report_fixture
