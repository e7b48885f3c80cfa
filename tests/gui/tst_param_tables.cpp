// The parameters each engine declares once (core/common/params.h), checked field by field against
// the three places that read them: vantage-cli (the default its --help shows, and a value out of
// range refused with exit 2 naming the option), the run parameters' JSON (the key round-trips, a
// value out of range is refused naming the field) and the page (its input starts at the same
// default and spans the field's range).

#include "../cli/cli_harness.h"
#include "common/calibration.h"
#include "dgi/evaluation_run.h"
#include "dgi_page.h"
#include "edl/job.h"
#include "edl/leader.h"
#include "edl_page.h"
#include "ft/execute_run.h"
#include "ft/search_run.h"
#include "ft/strategy_run.h"
#include "ft_page.h"
#include "main_window.h"
#include "pages.h"
#include "param_widgets.h"
#include "ppac/model_runs.h"
#include "ppac/recommender.h"
#include "ppac/trainer.h"
#include "ppac/training_run.h"
#include "ppac_page.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <optional>

using namespace vantage;
using namespace vantage::gui;

namespace {

// One declared table, seen without its struct: the fields, a JSON reader that reports what it
// read, the CLI command that offers its options and the page (if any) that shows some of them.
struct TableUnderTest {
    std::vector<params::FieldInfo> fields;
    std::function<params::Value(const Json&, const std::string&)> readField; // reads one key back
    std::function<Json()> defaultsJson; // the default struct written to JSON
    std::function<Json(const Json&)> reread; // read into the default struct, written back
    QStringList command; // vantage-cli subcommand and the arguments it requires
    std::function<QWidget*(MainWindow&)> page; // null: no page shows this table
};

template <typename S> std::vector<params::FieldInfo> infos(const params::Table<S>& table)
{
    std::vector<params::FieldInfo> out;
    for (const auto& f : table)
        out.push_back(f.info);
    return out;
}

template <typename S>
TableUnderTest tableOf(const params::Table<S>& table, QStringList command, std::function<QWidget*(MainWindow&)> page)
{
    return { infos(table),
        [&table](const Json& j, const std::string& key) {
            S s;
            params::readJson(table, j, s, "test");
            return params::find(table, key)->get(s);
        },
        [&table] { return params::toJson(table, S{}); },
        [&table](const Json& j) {
            S s;
            params::readJson(table, j, s, "test");
            return params::toJson(table, s);
        },
        std::move(command), std::move(page) };
}

const std::map<QString, TableUnderTest>& tables()
{
    static const std::map<QString, TableUnderTest> all = {
        { QStringLiteral("ppac.train"),
            tableOf(ppac::trainOptionsParams(), { "ppac", "train", "--dataset", "/nonexistent/data" },
                [](MainWindow& w) -> QWidget* { return w.findChild<PpacPage*>(); }) },
        { QStringLiteral("ft.search"),
            tableOf(ft::searchRequestParams(), { "ft", "search", "--model", "bert-large" },
                [](MainWindow& w) -> QWidget* { return w.findChild<FtPage*>(); }) },
        { QStringLiteral("edl.timeouts"), tableOf(edl::timeoutsParams(), { "edl", "run" }, nullptr) },
        { QStringLiteral("edl.spec"),
            tableOf(edl::jobSpecParams(), { "edl", "run" },
                [](MainWindow& w) -> QWidget* { return w.findChild<EdlPage*>(); }) },
        { QStringLiteral("edl.leader"),
            tableOf(edl::leaderOptionsParams(), { "edl", "run" },
                [](MainWindow& w) -> QWidget* { return w.findChild<EdlPage*>(); }) },
        { QStringLiteral("ppac.knobs"),
            tableOf(ppac::knobsParams(), { "ppac", "train", "--dataset", "/nonexistent/data" },
                [](MainWindow& w) -> QWidget* { return w.findChild<PpacPage*>(); }) },
        { QStringLiteral("ppac.holdout"),
            tableOf(ppac::holdOutParams(), { "ppac", "train", "--dataset", "/nonexistent/data" }, nullptr) },
        { QStringLiteral("dgi.eval"),
            tableOf(dgi::evaluationRequestParams(),
                { "dgi", "eval", "--graph", "/nonexistent/graph", "--model", "gcn" },
                [](MainWindow& w) -> QWidget* { return w.findChild<DgiPage*>(); }) },
        { QStringLiteral("ft.calibrate"),
            tableOf(calibrationPlanParams(), { "ft", "calibrate", "--out", "param-tables-cluster.json" },
                [](MainWindow& w) -> QWidget* { return w.findChild<FtPage*>(); }) },
        { QStringLiteral("ft.run"),
            tableOf(ft::runnerOptionsParams(), { "ft", "run", "--model", "/nonexistent/m.py:build", "--batch", "8" },
                [](MainWindow& w) -> QWidget* { return w.findChild<FtPage*>(); }) },
        { QStringLiteral("ft.frontier"),
            tableOf(ft::frontierRequestParams(), { "ft", "frontier", "--costs", "/nonexistent/costs.json" }, nullptr) },
        { QStringLiteral("ppac.eval"),
            tableOf(ppac::knobsParams(), { "ppac", "eval", "--model", "/nonexistent/m.vppac" }, nullptr) },
        { QStringLiteral("ppac.rerank"),
            tableOf(ppac::rerankParams(), { "ppac", "rerank", "--model", "/nonexistent/m.vppac" }, nullptr) },
    };
    return all;
}

// A file of the test's own (a host file), in a folder that lasts as long as the test.
std::string testFile(const std::string& name, const QByteArray& text)
{
    static QTemporaryDir dir;
    const QString path = dir.filePath(QString::fromStdString(name));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
    return path.toStdString();
}

// For each field of items: the text of a value other than the default, and a text and a JSON
// value that it refuses.
struct ItemsSample {
    std::string text;
    std::string badText;
    Json badJson;
};
const ItemsSample& itemsSample(const std::string& key)
{
    static const std::map<std::string, ItemsSample> samples = {
        { "schedule", { "step=9:-1,step=5:+2", "step=5", Json::array({ { { "step", -1 }, { "delta", 1 } } }) } },
        { "faults",
            { "step=3:worker=1:phase=compute,step=0:worker=0:slow=40", "step=1:worker=1:phase=sideways",
                Json::array({ { { "step", 1 }, { "worker", "w1" }, { "phase", "sideways" } } }) } },
        { "hosts",
            { testFile("two.hosts", "node1 slots=2 devices=cpu,cuda:1\nnode2 # the second\n"),
                testFile("bad.hosts", "-oProxyCommand=touch\n"),
                Json::array({ { { "host", "-oProxyCommand=x" } } }) } },
    };
    const auto it = samples.find(key);
    if (it == samples.end())
        qFatal("no sample of the items of '%s': add one", key.c_str());
    return it->second;
}

cli_harness::Result cli(const QStringList& args)
{
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, 60000);
}

// The text --help gives an option: its line and its wrapped description, up to the next option.
QString helpOf(const QString& help, const QString& option)
{
    const QRegularExpression start(QStringLiteral("^\\s+(-\\w,)?%1[ =\\n]").arg(QRegularExpression::escape(option)),
        QRegularExpression::MultilineOption);
    const auto m = start.match(help);
    if (!m.hasMatch())
        return {};
    const auto next = QRegularExpression(QStringLiteral("^\\s+-"), QRegularExpression::MultilineOption)
                          .match(help, m.capturedEnd());
    return help.mid(m.capturedStart(), (next.hasMatch() ? next.capturedStart() : help.size()) - m.capturedStart());
}

// The default an option's help shows: "=VALUE" after its type, "[default: on|off]" for a flag.
QString helpDefault(const QString& text, params::Type type)
{
    if (type == params::Type::Bool) {
        // "[default: on]"; a flag offered as its negation alone: "[default: baselines on]".
        const auto m = QRegularExpression(QStringLiteral("\\[default: (?:\\w+ )?(on|off)\\]")).match(text);
        return m.hasMatch() ? (m.captured(1) == QLatin1String("on") ? "true" : "false") : QString();
    }
    // "--epochs INT:[a whole number from 1 to 1000000]=100", "--trainer TEXT:{mlp,cnn}=mlp": the
    // default follows the type and its range, before the description (which may hold a '=').
    const QString firstLine = text.section(QLatin1Char('\n'), 0, 0);
    static const QRegularExpression shown(
        QStringLiteral("^\\s*\\S+ [A-Z]+(?::(?:\\[[^\\]]*\\]|\\{[^}]*\\}))?(?:=(\\S+))?"));
    const auto m = shown.match(firstLine);
    return m.hasMatch() ? m.captured(1) : QString();
}

// The value a page's input holds, as the field's text.
QString widgetValue(QWidget* w, const params::FieldInfo& f)
{
    if (auto* e = qobject_cast<QLineEdit*>(w)) {
        // A byte size's 0 ("auto") is the empty text, which the placeholder explains.
        if (f.type == params::Type::Bytes && e->text().isEmpty())
            return QStringLiteral("0");
        const auto parsed = f.parse(e->text().toStdString());
        const auto* value = std::get_if<params::Value>(&parsed);
        return value ? QString::fromStdString(params::valueText(*value)) : e->text();
    }
    if (auto* b = qobject_cast<QSpinBox*>(w))
        return QString::number(b->value());
    if (auto* b = qobject_cast<QDoubleSpinBox*>(w))
        return QString::fromStdString(params::valueText(b->value()));
    if (auto* b = qobject_cast<QCheckBox*>(w))
        return b->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    if (auto* b = qobject_cast<QComboBox*>(w))
        return b->currentData().toString();
    if (auto* b = qobject_cast<QLineEdit*>(w))
        return b->text();
    return {};
}

double asDouble(const params::Value& v)
{
    return std::visit(
        [](const auto& x) -> double {
            if constexpr (std::is_arithmetic_v<std::decay_t<decltype(x)>>)
                return static_cast<double>(x);
            else
                return 0.0;
        },
        v);
}

// Whether another table shown on a page declares this key (a page shows several tables: PPAC's
// training options and knobs, EDL's job spec and leader options).
bool declaredElsewhere(const QString& key)
{
    for (const auto& [name, table] : tables())
        if (table.page)
            for (const auto& f : table.fields)
                if (f.key() == key.toStdString())
                    return true;
    return false;
}

// A value inside the field's range other than its default, as JSON; null for a text or a path
// without one to choose.
Json otherValue(const params::FieldInfo& f)
{
    switch (f.type) {
    case params::Type::Bool:
        return !std::get<bool>(f.defaultValue);
    case params::Type::Enum:
        return f.choices.back() == std::get<std::string>(f.defaultValue) ? f.choices.front() : f.choices.back();
    case params::Type::String:
    case params::Type::Path:
        return std::get<std::string>(f.defaultValue) + "-other";
    case params::Type::NumberList:
        return Json::array({ asDouble(f.min), asDouble(f.max), 0.5 });
    case params::Type::Items:
        return f.itemsFromText(itemsSample(f.key()).text);
    case params::Type::Int:
    case params::Type::Double:
    case params::Type::Bytes:
        break;
    }
    // The upper end, or the lower one, or one past the default where both are open or the default.
    const std::string def = params::valueText(f.defaultValue);
    if (!f.maxOpen && params::valueText(f.max) != def)
        return params::valueJson(f.max);
    if (!f.minOpen && !f.minExclusive && params::valueText(f.min) != def)
        return params::valueJson(f.min);
    return std::visit(
        [](const auto& x) -> Json {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_arithmetic_v<X> && !std::is_same_v<X, bool>)
                return x + 1;
            else
                return Json();
        },
        f.defaultValue);
}

// A value just outside the field's range as JSON and as command-line text; none for a field
// without a bound (a text, a flag, a number open at both ends). A list has one such value among
// values in range; items are refused by their own rules.
std::optional<std::pair<Json, QString>> outOfRange(const params::FieldInfo& f)
{
    if (f.type == params::Type::Enum)
        return std::pair{ Json("no-such-name"), QStringLiteral("no-such-name") };
    if (f.type == params::Type::Items) {
        const auto& sample = itemsSample(f.key());
        return std::pair{ sample.badJson, QString::fromStdString(sample.badText) };
    }
    if (f.type == params::Type::NumberList) {
        const double above = asDouble(f.max) * 2.0 + 1.0;
        return std::pair{ Json::array({ 0.5, above }), QStringLiteral("0.5,%1").arg(above, 0, 'g', 17) };
    }
    if (f.type != params::Type::Int && f.type != params::Type::Double && f.type != params::Type::Bytes)
        return std::nullopt;
    const bool whole = f.type != params::Type::Double;
    if (!f.minOpen) {
        const double below = asDouble(f.min) - (f.minExclusive ? 0.0 : 1.0);
        if (whole && below < 0 && std::holds_alternative<std::uint64_t>(f.min))
            return std::nullopt; // an unsigned field from 0: nothing below it to write
        if (whole)
            return std::pair{ Json(static_cast<std::int64_t>(below)), QString::number(static_cast<qint64>(below)) };
        return std::pair{ Json(below), QString::number(below, 'g', 17) };
    }
    if (!f.maxOpen) {
        const double above = asDouble(f.max) + 1.0;
        if (whole)
            return std::pair{ Json(static_cast<std::int64_t>(above)), QString::number(static_cast<qint64>(above)) };
        return std::pair{ Json(above * 2.0), QString::number(above * 2.0, 'g', 17) };
    }
    return std::nullopt;
}

} // namespace

class TestParamTables : public QObject {
    Q_OBJECT
    AppSettings m_settings;
    std::map<QString, QString> m_help; // per table: vantage-cli's --help of its command

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageTestParams"));
        for (const auto& [name, table] : tables()) {
            const auto r = cli(QStringList{ table.command[0], table.command[1], "--help" });
            QCOMPARE(r.code, 0);
            m_help[name] = QString::fromUtf8(r.out);
        }
    }

    void field_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<int>("index");
        for (const auto& [name, table] : tables())
            for (std::size_t i = 0; i < table.fields.size(); ++i)
                QTest::newRow(qPrintable(name + ':' + QString::fromStdString(table.fields[i].key())))
                    << name << static_cast<int>(i);
    }

    // The struct's default, written to JSON and read back, is the field's default.
    void field()
    {
        QFETCH(QString, table);
        QFETCH(int, index);
        const TableUnderTest& t = tables().at(table);
        const params::FieldInfo& f = t.fields[static_cast<std::size_t>(index)];
        const Json written = t.defaultsJson();
        QVERIFY2(written.contains(f.key()), f.key().c_str());
        QVERIFY2(written[f.key()] == params::valueJson(f.defaultValue), written.dump().c_str());
        QCOMPARE(params::valueText(t.readField(written, f.key())), params::valueText(f.defaultValue));
    }

    void roundTrip_data() { field_data(); }
    // A value other than the default, read into the struct and written back, is the same value.
    void roundTrip()
    {
        QFETCH(QString, table);
        QFETCH(int, index);
        const TableUnderTest& t = tables().at(table);
        const params::FieldInfo& f = t.fields[static_cast<std::size_t>(index)];
        Json j = t.defaultsJson();
        const Json other = otherValue(f);
        QVERIFY2(other != j[f.key()], other.dump().c_str());
        QVERIFY2(
            f.refusal(params::readValue(f, Json{ { f.key(), other } }, "test")) == std::nullopt, other.dump().c_str());
        j[f.key()] = other;
        const Json back = t.reread(j);
        QVERIFY2(back == j, back.dump().c_str());
    }

    void cliDefault_data() { field_data(); }
    // vantage-cli offers the field with the struct's default.
    void cliDefault()
    {
        QFETCH(QString, table);
        QFETCH(int, index);
        const params::FieldInfo& f = tables().at(table).fields[static_cast<std::size_t>(index)];
        // A flag may be offered as its negation alone ("--no-baselines").
        const std::string option = f.names.option.empty() ? f.negation.option : f.names.option;
        if (option.empty())
            QSKIP("the command line does not offer this field");
        const QString text = helpOf(m_help.at(table), QString::fromStdString(option));
        QVERIFY2(!text.isEmpty(), option.c_str());
        const QString shown = helpDefault(text, f.type);
        QCOMPARE(shown, QString::fromStdString(params::valueText(f.defaultValue)));
        const auto parsed = f.parse(shown.toStdString());
        const bool textual = f.type == params::Type::String || f.type == params::Type::Path
            || f.type == params::Type::Items; // none shown: none given (a host file)
        if (f.type != params::Type::Bool && !(textual && shown.isEmpty()))
            QVERIFY2(std::holds_alternative<params::Value>(parsed), qPrintable(shown));
    }

    void pageDefault_data()
    {
        QTest::addColumn<QString>("table");
        for (const auto& [name, table] : tables())
            if (table.page)
                QTest::newRow(qPrintable(name)) << name;
    }
    // Every input of the page that stands for a field starts at the field's default and spans its
    // range; the page shows at least one.
    void pageDefault()
    {
        QFETCH(QString, table);
        const TableUnderTest& t = tables().at(table);
        MainWindow w(m_settings);
        addEnginePages(w);
        QWidget* page = t.page(w);
        QVERIFY(page);
        int shown = 0;
        for (auto* input : page->findChildren<QWidget*>()) {
            const QString key = input->property(kParamKeyProperty).toString();
            if (key.isEmpty())
                continue;
            const auto it = std::find_if(
                t.fields.begin(), t.fields.end(), [&](const auto& f) { return f.key() == key.toStdString(); });
            if (it == t.fields.end()) {
                QVERIFY2(declaredElsewhere(key), qPrintable(key));
                continue;
            }
            QCOMPARE(widgetValue(input, *it), QString::fromStdString(params::valueText(it->defaultValue)));
            QVERIFY2(!input->toolTip().isEmpty(), qPrintable(key));
            if (auto* box = qobject_cast<QSpinBox*>(input)) {
                // A spin box holds an int: a range beyond it ends at INT_MAX.
                constexpr double kIntMax = std::numeric_limits<int>::max();
                QCOMPARE(QString::number(box->minimum() - (it->minExclusive ? 1 : 0)),
                    QString::fromStdString(params::valueText(it->min)));
                QCOMPARE(double(box->maximum()), std::min(asDouble(it->max), kIntMax));
            }
            if (auto* box = qobject_cast<QDoubleSpinBox*>(input)) {
                QCOMPARE(box->maximum(), asDouble(it->max));
                if (!it->minExclusive)
                    QCOMPARE(box->minimum(), asDouble(it->min));
            }
            if (auto* box = qobject_cast<QComboBox*>(input); box && it->type == params::Type::Enum) {
                QCOMPARE(box->count(), static_cast<int>(it->choices.size()));
                for (const auto& c : it->choices)
                    QVERIFY2(box->findData(QString::fromStdString(c)) >= 0, c.c_str());
            }
            ++shown;
        }
        QVERIFY(shown > 0);
    }

    void outOfRange_data() { field_data(); }
    // A value out of the field's range is refused by vantage-cli before any work (exit 2, naming
    // the option) and by the JSON reader (naming the field).
    void outOfRange()
    {
        QFETCH(QString, table);
        QFETCH(int, index);
        const TableUnderTest& t = tables().at(table);
        const params::FieldInfo& f = t.fields[static_cast<std::size_t>(index)];
        const auto bad = ::outOfRange(f);
        if (!bad)
            QSKIP("the field has no bound to step over");
        QVERIFY(f.refusal(f.defaultValue) == std::nullopt);
        try {
            t.readField(Json{ { f.key(), bad->first } }, f.key());
            QFAIL(qPrintable("read " + QString::fromStdString(bad->first.dump())));
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QCOMPARE(QString::fromStdString(e.field().value_or("")), QString::fromStdString(f.key()));
        }
        if (f.names.option.empty())
            return;
        const auto r = cli(t.command + QStringList{ QString::fromStdString(f.names.option), bad->second });
        QCOMPARE(r.code, 2);
        // Items say what is wrong in their own words ("expected step=S:+N ...").
        const std::string said = f.type == params::Type::Items ? ": " : ": must be";
        QVERIFY2(r.err.contains(QByteArray::fromStdString(f.names.option + said)), r.err.constData());
    }

    void dgiNames_data()
    {
        QTest::addColumn<QByteArray>("given"); // run parameters as a user or an older run wrote them
        QTest::addColumn<QByteArray>("read"); // the same keys as toJson writes them back
        QTest::newRow("reorder empty") << QByteArray(R"({"reorder": ""})") << QByteArray(R"({"reorder": "none"})");
        QTest::newRow("mode aliases") << QByteArray(R"({"modes": ["layer-wise", "node", "fullgraph", "hand-written"]})")
                                      << QByteArray(R"({"modes": ["layerwise", "nodewise", "full", "handwritten"]})");
        QTest::newRow("budget as typed") << QByteArray(R"({"memory_budget": "1.5G"})")
                                         << QByteArray(R"({"memory_budget": 1610612736})");
        QTest::newRow("device memory as typed")
            << QByteArray(R"({"device_memory": "8GiB"})") << QByteArray(R"({"device_memory": 8589934592})");
        QTest::newRow("names") << QByteArray(R"({"self_loops": "remove", "dtype": "float64", "stores": "disk"})")
                               << QByteArray(R"({"self_loops": "remove", "dtype": "float64", "stores": "disk"})");
    }
    // DGI's names are read as the enum tables read them: the aliases older runs and scripts wrote
    // too, and a size as typed; they are written back canonical.
    void dgiNames()
    {
        QFETCH(QByteArray, given);
        QFETCH(QByteArray, read);
        const Json back = dgi::toJson(dgi::evaluationRequestFromJson(Json::parse(given.toStdString())));
        const Json expected = Json::parse(read.toStdString());
        for (const auto& [key, value] : expected.items())
            QCOMPARE(QString::fromStdString(back[key].dump()), QString::fromStdString(value.dump()));
    }

    void dgiUnknownName_data()
    {
        QTest::addColumn<QByteArray>("given");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("reorder") << QByteArray(R"({"reorder": "sorted"})") << QStringLiteral("reorder")
                                 << QStringLiteral("unknown reordering 'sorted' (none, bfs, rcm)");
        QTest::newRow("self_loops") << QByteArray(R"({"self_loops": "twice"})") << QStringLiteral("self_loops")
                                    << QStringLiteral("unknown self-loops 'twice' (keep, add, remove)");
        QTest::newRow("dtype") << QByteArray(R"({"dtype": "float16"})") << QStringLiteral("dtype")
                               << QStringLiteral("unknown data type 'float16' (float32, float64)");
        QTest::newRow("stores") << QByteArray(R"({"stores": "cloud"})") << QStringLiteral("stores")
                                << QStringLiteral("unknown store placement 'cloud' (auto, memory, disk)");
        QTest::newRow("modes") << QByteArray(R"({"modes": ["sideways"]})") << QStringLiteral("mode")
                               << QStringLiteral("unknown mode 'sideways' (layerwise, nodewise, full, handwritten)");
        QTest::newRow("budget") << QByteArray(R"({"memory_budget": "lots"})") << QStringLiteral("memory_budget")
                                << QStringLiteral("must be a size from 0 B to 1.00 PiB (512M, 2GiB)");
    }
    // An unknown name is refused naming the field and listing the names, as every table does.
    void dgiUnknownName()
    {
        QFETCH(QByteArray, given);
        QFETCH(QString, field);
        QFETCH(QString, message);
        try {
            dgi::evaluationRequestFromJson(Json::parse(given.toStdString()));
            QFAIL("read");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.field().value_or("")), field);
            QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
        }
    }
};

QTEST_MAIN(TestParamTables)
#include "tst_param_tables.moc"
