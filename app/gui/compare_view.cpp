#include "compare_view.h"

#include "common/error.h"
#include "number_format.h"
#include "session_runs_model.h"
#include "store/session.h"
#include "widgets/line_chart.h"
#include "widgets/pareto_chart.h"

#include <QHeaderView>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <map>
#include <set>

namespace vantage::gui {

namespace {

// Scalar leaves of a JSON object as "a.b.c" -> text, for the table. Arrays are skipped (frontiers,
// epochs: they are charts), except short arrays of numbers (device counts).
void flatten(const Json& j, const std::string& prefix, std::map<std::string, QString>& out)
{
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it)
            flatten(it.value(), prefix.empty() ? it.key() : prefix + "." + it.key(), out);
    } else if (j.is_array()) {
        if (j.size() <= 8 && std::all_of(j.begin(), j.end(), [](const Json& v) { return v.is_number(); })) {
            QStringList parts;
            for (const auto& v : j)
                parts << (v.is_number_integer() ? formatCount(v.get<qint64>()) : formatSignificant(v.get<double>(), 6));
            out[prefix] = parts.join(QStringLiteral(", "));
        }
    } else if (j.is_number_float()) {
        out[prefix] = formatSignificant(j.get<double>(), 6);
    } else if (j.is_number_integer()) {
        out[prefix] = formatCount(j.get<qint64>());
    } else if (!j.is_null()) {
        out[prefix] = j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString::fromStdString(j.dump());
    }
}

QString runLabel(const store::RunInfo& r)
{
    return r.name.empty() ? CompareView::tr("run %1").arg(r.id)
                          : CompareView::tr("#%1 %2").arg(r.id).arg(QString::fromStdString(r.name));
}

} // namespace

CompareView::CompareView(QWidget* parent)
    : QWidget(parent)
{
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("compareTabs"));
    m_table = new QStandardItemModel(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_tabs);
}

void CompareView::setRuns(const store::Session& session, const std::vector<qint64>& runIds)
{
    if (runIds.size() < 2)
        throw Error::invalidInput(tr("select at least two runs to compare").toStdString());
    std::vector<store::RunInfo> runs;
    for (auto id : runIds)
        runs.push_back(session.run(id));
    for (const auto& r : runs)
        if (r.engine != runs.front().engine)
            throw Error::invalidInput(
                tr("runs of different engines cannot be compared (%1 and %2)")
                    .arg(
                        SessionRunsModel::engineTitle(QString::fromUtf8(vantage::enumName(runs.front().engine).data())),
                        SessionRunsModel::engineTitle(QString::fromUtf8(vantage::enumName(r.engine).data())))
                    .toStdString());
    while (m_tabs->count() > 0) {
        QWidget* w = m_tabs->widget(0);
        m_tabs->removeTab(0);
        w->deleteLater();
    }

    addFrontierTab(runs);
    addSeriesTabs(session, runs);
    fillTable(runs);
    auto* view = new QTableView(this);
    view->setObjectName(QStringLiteral("compareTable"));
    view->setModel(m_table);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tabs->insertTab(0, view, tr("Parameters and results"));
    m_tabs->setCurrentIndex(m_tabs->count() > 1 ? 1 : 0);
}

// FT: frontiers of every search overlaid, one series per (run, device count).
void CompareView::addFrontierTab(const std::vector<store::RunInfo>& runs)
{
    QVector<widgets::ParetoSeriesData> frontiers;
    QVector<widgets::ParetoMarker> markers;
    for (const auto& r : runs) {
        if (r.engine != store::Engine::Ft || !r.result.is_object() || !r.result.contains("frontiers"))
            continue;
        for (const auto& f : r.result["frontiers"]) {
            widgets::ParetoSeriesData s;
            s.name = tr("%1, %2 devices").arg(runLabel(r)).arg(f.value("devices", 0));
            for (const auto& p : f.value("points", Json::array()))
                s.points.push_back({ p.value("time", 0.0), p.value("memory", 0.0) / (1024.0 * 1024.0 * 1024.0),
                    p.value("strategy", 0), {} });
            for (const auto& b : f.value("baselines", Json::array()))
                markers.push_back({ tr("%1: %2").arg(s.name, QString::fromStdString(b.value("name", std::string()))),
                    b.value("time", 0.0), b.value("memory", 0.0) / (1024.0 * 1024.0 * 1024.0),
                    static_cast<int>(frontiers.size()) });
            frontiers.push_back(s);
        }
    }
    if (!frontiers.isEmpty()) {
        auto* chart = new widgets::ParetoChart(this);
        chart->setObjectName(QStringLiteral("compareFrontiers"));
        chart->setAxisTitles(tr("Time per iteration (s)"), tr("Memory per device (GiB)"));
        chart->setFrontiers(frontiers);
        chart->setMarkers(markers);
        m_tabs->addTab(chart, tr("Frontiers"));
    }
}

// Every series the runs have: one chart per name, one line per run.
void CompareView::addSeriesTabs(const store::Session& session, const std::vector<store::RunInfo>& runs)
{
    std::map<std::string, std::vector<std::pair<const store::RunInfo*, std::vector<store::SeriesPoint>>>> series;
    for (const auto& r : runs)
        for (const auto& name : session.seriesNames(r.id))
            series[name].push_back({ &r, session.series(r.id, name) });
    for (const auto& [name, lines] : series) {
        auto* chart = new widgets::LineChart(this);
        chart->setObjectName(QStringLiteral("compareSeries_") + QString::fromStdString(name));
        chart->setAxisTitles(tr("step"), QString::fromStdString(name));
        chart->chart()->setTitle(QString::fromStdString(name));
        for (const auto& [run, pts] : lines) {
            QVector<QPointF> v;
            v.reserve(static_cast<qsizetype>(pts.size()));
            for (const auto& p : pts)
                v.push_back(QPointF(p.step, p.value));
            chart->setSeries(runLabel(*run), v);
        }
        m_tabs->addTab(chart, QString::fromStdString(name));
    }
}

// The table: status, duration, summary, then every parameter and result number.
void CompareView::fillTable(const std::vector<store::RunInfo>& runs)
{
    m_table->clear();
    QStringList headers{ tr("Field") };
    std::vector<std::map<std::string, QString>> columns;
    std::set<std::string> keys;
    for (const auto& r : runs) {
        headers << runLabel(r);
        std::map<std::string, QString> c;
        c["status"] = SessionRunsModel::statusTitle(r.status);
        c["duration_s"] = formatSeconds(r.durationS);
        c["summary"] = localizeNumbers(QString::fromStdString(r.summary));
        flatten(r.params, "params", c);
        flatten(r.result, "result", c);
        for (const auto& [k, v] : c)
            keys.insert(k);
        columns.push_back(std::move(c));
    }
    m_table->setHorizontalHeaderLabels(headers);
    std::vector<std::string> ordered{ "status", "duration_s", "summary" };
    for (const auto& k : keys)
        if (k != "status" && k != "duration_s" && k != "summary")
            ordered.push_back(k);
    for (const auto& k : ordered) {
        QList<QStandardItem*> row{ new QStandardItem(QString::fromStdString(k)) };
        bool differs = false;
        for (const auto& c : columns) {
            auto it = c.find(k);
            const QString v = it == c.end() ? QString() : it->second;
            differs = differs || v != (columns.front().count(k) ? columns.front().at(k) : QString());
            row << new QStandardItem(v);
        }
        if (differs)
            for (auto* item : row) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
        m_table->appendRow(row);
    }
}

} // namespace vantage::gui
