// Every numeric option of every engine's commands (ft, dgi, ppac, edl), found by walking
// `vantage-cli ... --help`: each declares its range (no INT, UINT or FLOAT option without one), and
// each refuses, before any work and with exit 2 and a message naming the option, the values a
// hostile user tries: NaN, infinities, trailing text, overflow, and the first value below and above
// its declared range.
//
// The walk and the hundreds of hostile command lines go through vantage-cli's own parser
// in-process (cli::buildApp, the app main() parses argv with, and cli::exitOnException, its exit
// code), with every command's action replaced by a mark that it would have run: one start of the
// program costs a second (LibTorch's libraries), 500 of them nine minutes. A few rows of each kind
// run the program itself, to hold the in-process answer to the process's.

#include "cli.h"
#include "cli_harness.h"

#include <QRegularExpression>
#include <QTest>

#include <sstream>

namespace {

const QString kCli = QStringLiteral(VANTAGE_CLI);

// A command line through the program's parser, in-process: the exit code main() would return
// (-1 when the line passed the parser and a command would have run) and what it printed.
cli_harness::Result parse(const QStringList& args)
{
    vantage::cli::Context ctx;
    const auto app = vantage::cli::buildApp(ctx);
    bool ran = false;
    const std::function<void(CLI::App&)> disarm = [&](CLI::App& parent) {
        for (CLI::App* sub : parent.get_subcommands([](CLI::App*) { return true; })) {
            sub->parse_complete_callback([&ran] { ran = true; });
            sub->final_callback([&ran] { ran = true; });
            disarm(*sub);
        }
    };
    disarm(*app);
    std::vector<std::string> words{ "vantage-cli" };
    for (const QString& a : args)
        words.push_back(a.toStdString());
    std::vector<const char*> argv;
    for (const auto& w : words)
        argv.push_back(w.c_str());
    std::ostringstream out, err;
    int code = -1;
    try {
        app->parse(int(argv.size()), argv.data());
    } catch (...) {
        code = vantage::cli::exitOnException(*app, out, err);
    }
    if (ran && code == -1)
        err << "a command would have run\n";
    return { code, QByteArray::fromStdString(out.str()), QByteArray::fromStdString(err.str()) };
}

struct NumericOption {
    QStringList command; // e.g. { "ft", "search" }
    QString name; // "--seq"
    QString type; // INT, UINT, FLOAT or FLOATS (comma-separated)
    QString range; // the declared range in words, "" when none
};

QString helpOf(const QStringList& command)
{
    const auto r = parse(command + QStringList{ "--help" });
    return QString::fromUtf8(r.out + r.err);
}

// The section of a help text that starts with `title` ("Options:", "Subcommands:").
QStringList section(const QString& help, const QString& title)
{
    QStringList lines;
    bool in = false;
    for (const QString& line : help.split('\n')) {
        if (!line.isEmpty() && !line.startsWith(' ')) {
            in = line.trimmed() == title;
            continue;
        }
        if (in && line.startsWith("  ") && !line.startsWith("   "))
            lines.push_back(line.trimmed());
    }
    return lines;
}

void collect(const QStringList& command, QList<NumericOption>& out)
{
    const QString help = helpOf(command);
    static const QRegularExpression option(R"(^(\S*--[\w-]+)\s+(INT|UINT|FLOATS|FLOAT)(:\[([^\]]*)\])?)");
    for (const QString& line : section(help, "Options:")) {
        const auto m = option.match(line);
        if (m.hasMatch())
            out.push_back({ command, m.captured(1).split(',').last(), m.captured(2), m.captured(4) });
    }
    // "eval, evaluate   Evaluate ...": the name before its aliases, and never one already on the path
    // (a wrong name prints the parent's help, whose subcommands would be walked again).
    for (const QString& line : section(help, "Subcommands:")) {
        const QString name = line.split(' ').first().remove(',');
        if (!name.isEmpty() && !command.contains(name) && command.size() < 4)
            collect(command + QStringList{ name }, out);
    }
}

QList<NumericOption> walkEngineOptions()
{
    QList<NumericOption> out;
    for (const char* engine : { "ft", "dgi", "ppac", "edl" }) {
        const QString help = helpOf({ engine });
        if (help.contains("The following argument was not expected") || help.contains("not expected"))
            continue; // an engine this build leaves out
        collect({ engine }, out);
    }
    return out;
}

const QList<NumericOption>& engineOptions()
{
    static const QList<NumericOption> options = walkEngineOptions();
    return options;
}

// The values just outside a declared range, as text: integer ends are exact in 128 bits.
QStringList outside(const NumericOption& o)
{
    QStringList values;
    static const QRegularExpression from(R"(from (\S+) to (\S+))"), least(R"(of at least (\S+))"),
        above(R"(above (\S+))"), most(R"(at most (\S+))");
    QString lo, hi;
    bool loIncluded = true;
    if (const auto m = from.match(o.range); m.hasMatch()) {
        lo = m.captured(1);
        hi = m.captured(2);
    } else {
        if (const auto m2 = least.match(o.range); m2.hasMatch())
            lo = m2.captured(1);
        if (const auto m3 = above.match(o.range); m3.hasMatch()) {
            lo = m3.captured(1);
            loIncluded = false;
        }
        if (const auto m4 = most.match(o.range); m4.hasMatch())
            hi = m4.captured(1);
    }
    auto shifted = [&](const QString& end, int by) {
        if (o.type.startsWith("FLOAT"))
            return QString::number(end.toDouble() + by * std::max(1.0, std::abs(end.toDouble())), 'g', 17);
        bool ok = false;
        const qlonglong v = end.toLongLong(&ok);
        if (ok
            && !((by < 0 && v == std::numeric_limits<qlonglong>::min())
                || (by > 0 && v == std::numeric_limits<qlonglong>::max())))
            return QString::number(v + by);
        const qulonglong u = end.toULongLong(&ok);
        if (ok && by > 0 && u == std::numeric_limits<qulonglong>::max())
            return QStringLiteral("18446744073709551616");
        if (ok && by > 0 && u == qulonglong(std::numeric_limits<qlonglong>::max()))
            return QStringLiteral("9223372036854775808");
        return ok && by > 0 ? QString::number(u + 1) : QString();
    };
    if (!lo.isEmpty())
        values.push_back(loIncluded ? shifted(lo, -1) : lo);
    if (!hi.isEmpty())
        values.push_back(shifted(hi, +1));
    values.removeAll(QString());
    return values;
}

} // namespace

class TestCliOptions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyNumericOptionDeclaresItsRange()
    {
        const QList<NumericOption> options = engineOptions();
        QVERIFY2(options.size() >= 20, qPrintable(QString::number(options.size()) + " numeric options found"));
        for (const auto& o : options)
            QVERIFY2(o.range.startsWith("a whole number") || o.range.startsWith("a finite number")
                    || (o.type == "FLOATS" && o.range.startsWith("comma-separated finite numbers")),
                qPrintable(o.command.join(' ') + " " + o.name + " has no declared range"));
    }

    void hostileValuesAreRefusedByName_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("option");
        // Each option gets one of the hostile values in turn (each value still meets a dozen options of
        // every type) and the first values outside its own range.
        const QStringList any = { "nan", "NaN", "inf", "-inf", "1e400", "12abc", "0x10", "1,5", " " };
        const QStringList integral = any + QStringList{ "1.5", "1e3", "18446744073709551616", "-18446744073709551617" };
        // A list takes "1,5"; one bad item among good ones is refused.
        const QStringList list
            = QStringList{ "1,nan", "1,,5", "1,", "0,12abc" } + any.filter(QRegularExpression("^[^,]*$"));
        int turn = 0;
        for (const auto& o : engineOptions()) {
            const QStringList& hostile = o.type == "FLOAT" ? any : o.type == "FLOATS" ? list : integral;
            QStringList values = { hostile[turn++ % hostile.size()] };
            values += outside(o);
            for (const QString& v : values)
                QTest::newRow(qPrintable(o.command.join(' ') + " " + o.name + " '" + v + "'"))
                    << (o.command + QStringList{ o.name, v }) << o.name;
        }
    }
    void hostileValuesAreRefusedByName()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, option);
        const auto r = parse(args);
        QVERIFY2(r.code == 2, qPrintable(QString("exit %1: %2").arg(r.code).arg(QString::fromUtf8(r.err))));
        QVERIFY2(r.err.contains((option + ": must be").toUtf8()), r.err.constData());
    }

    // The program itself, for a few of those rows (the first option of each type, with a hostile
    // value and with the first value above its range): exit 2 and the same refusal on its standard
    // error as the in-process parse gave; the help it prints is the walk's.
    void theProgramAnswersAsItsParser_data()
    {
        QTest::addColumn<QStringList>("args");
        QSet<QString> types, helped;
        for (const auto& o : engineOptions()) {
            if (types.contains(o.type))
                continue;
            types.insert(o.type);
            const QStringList outsideValues = outside(o);
            const QString hostile = o.type.startsWith("FLOAT") ? "nan" : "12abc";
            QTest::newRow(qPrintable(o.command.join(' ') + " " + o.name + " " + hostile))
                << (o.command + QStringList{ o.name, hostile });
            if (!outsideValues.isEmpty())
                QTest::newRow(qPrintable(o.command.join(' ') + " " + o.name + " " + outsideValues.last()))
                    << (o.command + QStringList{ o.name, outsideValues.last() });
            if (!helped.contains(o.command.join(' ')))
                QTest::newRow(qPrintable(o.command.join(' ') + " --help")) << (o.command + QStringList{ "--help" });
            helped.insert(o.command.join(' '));
        }
        QVERIFY(types.size() >= 3);
    }
    void theProgramAnswersAsItsParser()
    {
        QFETCH(QStringList, args);
        const auto real = cli_harness::run(kCli, args, 30000), inProcess = parse(args);
        QCOMPARE(real.code, inProcess.code);
        QCOMPARE(QString::fromUtf8(real.err), QString::fromUtf8(inProcess.err));
        QCOMPARE(QString::fromUtf8(real.out), QString::fromUtf8(inProcess.out));
    }

    void valuesInRangePassTheCheck_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("option");
        // Both written ends of a few ranges, with the help flag after them: the value passes the
        // check (no "must be"), and the command only prints its help.
        QTest::newRow("ft search --max-split 1") << QStringList{ "ft", "search", "--max-split", "1" } << "--max-split";
        QTest::newRow("ft search --max-split 5") << QStringList{ "ft", "search", "--max-split", "5" } << "--max-split";
        QTest::newRow("ft frontier --eps 0") << QStringList{ "ft", "frontier", "--eps", "0" } << "--eps";
        QTest::newRow("ft frontier --eps +0.5") << QStringList{ "ft", "frontier", "--eps", "+0.5" } << "--eps";
        QTest::newRow("ft export --run 9223372036854775807")
            << QStringList{ "ft", "export", "--run", "9223372036854775807" } << "--run";
    }
    void valuesInRangePassTheCheck()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, option);
        const auto r = cli_harness::run(kCli, args + QStringList{ "--help" }, 30000);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!r.err.contains("must be"));
    }
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "tst_cli_options.moc"
