// scripts/testbed.sh: several hosts on this machine as network namespaces on a bridge, each with a
// real OpenSSH server, its own address and its own hostname. Checked as the multi-host suites use
// it: every host reaches every other over ssh with the host key checked, the connection comes from
// the source host's testbed address (never loopback), a host whose link is cut is unreachable until
// it is restored, and the machine's own namespace holds none of the testbed's addresses. Skipped
// with the script's reason where namespaces cannot be made (not root, a sandbox without them).

#include "testbed.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace vantage::testing;

namespace {

const QString kScript = Testbed::script();

Result run(const QString& program, const QStringList& args)
{
    return runProcess(program, args);
}

} // namespace

class TestTestbed : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::unique_ptr<Testbed> m_bed;
    QString m_dir;
    static constexpr int kHosts = 3;

    QString host(int i) const { return m_bed->host(i); }
    QString address(int i) const { return m_bed->address(i); }
    QString sshConfig() const { return m_bed->sshConfig(); }
    Result ssh(int from, int to, const QString& command, const QString& config = {})
    {
        return m_bed->ssh(from, to, command, config);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_dir = m_tmp.path() + QStringLiteral("/testbed");
        m_bed = std::make_unique<Testbed>(m_dir, kHosts);
        const Result up = m_bed->up();
        if (up.exitCode == 77)
            QSKIP(qPrintable(up.err));
        QVERIFY2(up.exitCode == 0, qPrintable(up.err));
        QVERIFY2(up.out.contains(address(kHosts)), qPrintable(up.out));
    }

    void cleanupTestCase() { m_bed.reset(); }

    void everyHostReachesEveryOther_data()
    {
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("to");
        for (int from = 1; from <= kHosts; ++from)
            for (int to = 1; to <= kHosts; ++to)
                QTest::newRow(qPrintable(QStringLiteral("h%1 -> h%2").arg(from).arg(to))) << from << to;
    }

    // ssh by name answers with the host's own hostname, and the connection comes from the source
    // host's address on the bridge to the target's (SSH_CONNECTION: from, port, to, port).
    void everyHostReachesEveryOther()
    {
        QFETCH(int, from);
        QFETCH(int, to);
        const Result r = ssh(from, to, QStringLiteral("hostname; echo $SSH_CONNECTION"));
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QStringList lines = r.out.split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0], host(to));
        const QStringList connection = lines[1].split(QLatin1Char(' '));
        QCOMPARE(connection.size(), 4);
        QCOMPARE(connection[0], address(from));
        QCOMPARE(connection[2], address(to));
        QCOMPARE(connection[3], QStringLiteral("22"));
    }

    // The testbed's addresses live in its namespaces only: the machine's own has none of them.
    void nothingInTheMachinesNamespace()
    {
        const Result addrs = run(QStringLiteral("ip"), { QStringLiteral("-o"), QStringLiteral("addr") });
        QCOMPARE(addrs.exitCode, 0);
        QVERIFY(!addrs.out.isEmpty());
        QVERIFY2(!addrs.out.contains(QStringLiteral("10.77.0.")), qPrintable(addrs.out));
        const Result status = run(kScript, { QStringLiteral("status"), QStringLiteral("--dir"), m_dir });
        QCOMPARE(status.exitCode, 0);
        QCOMPARE(status.out.split(QLatin1Char('\n')).size(), kHosts);
        for (int i = 1; i <= kHosts; ++i)
            QVERIFY2(QRegularExpression(
                         QStringLiteral("^%1 %2 sshd \\d+ link UP$")
                             .arg(QRegularExpression::escape(host(i)), QRegularExpression::escape(address(i))),
                         QRegularExpression::MultilineOption)
                         .match(status.out)
                         .hasMatch(),
                qPrintable(status.out));
    }

    // A host key that is not the one the testbed recorded is refused (the check is real).
    void hostKeysAreChecked()
    {
        QFile config(sshConfig());
        QVERIFY(config.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(config.readAll());
        QFile known(m_dir + QStringLiteral("/known_hosts"));
        QVERIFY(known.open(QIODevice::ReadOnly));
        QString keys = QString::fromUtf8(known.readAll());
        // h2's name given h3's key
        const QStringList lines = keys.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), kHosts);
        const QString swapped = lines[0] + QLatin1Char('\n') + host(2) + QLatin1Char(',') + address(2)
            + lines[2].mid(lines[2].indexOf(QLatin1Char(' '))) + QLatin1Char('\n');
        QFile wrong(m_tmp.path() + QStringLiteral("/wrong_known_hosts"));
        QVERIFY(wrong.open(QIODevice::WriteOnly));
        wrong.write(swapped.toUtf8());
        wrong.close();
        text.replace(m_dir + QStringLiteral("/known_hosts"), wrong.fileName());
        QFile wrongConfig(m_tmp.path() + QStringLiteral("/wrong_ssh_config"));
        QVERIFY(wrongConfig.open(QIODevice::WriteOnly));
        wrongConfig.write(text.toUtf8());
        wrongConfig.close();
        const Result refused = ssh(1, 2, QStringLiteral("hostname"), wrongConfig.fileName());
        QCOMPARE(refused.exitCode, 255);
        QVERIFY2(refused.err.contains(QStringLiteral("verification failed"), Qt::CaseInsensitive)
                || refused.err.contains(QStringLiteral("IDENTIFICATION HAS CHANGED")),
            qPrintable(refused.err));
        QCOMPARE(ssh(1, 2, QStringLiteral("hostname")).out, host(2)); // the real key still passes
    }

    // A host whose link is cut cannot be reached (ssh gives up after its ConnectTimeout), and is
    // reachable again once the link is back; the other hosts are not affected meanwhile.
    void aCutLinkIsUnreachable()
    {
        const QString cut = host(kHosts);
        QVERIFY(m_bed->setLink(kHosts, false));
        const Result gone = ssh(1, kHosts, QStringLiteral("hostname"));
        QCOMPARE(gone.exitCode, 255);
        QVERIFY2(gone.err.contains(QStringLiteral("timed out")) || gone.err.contains(QStringLiteral("unreachable")),
            qPrintable(gone.err));
        QCOMPARE(ssh(1, 2, QStringLiteral("hostname")).out, host(2));
        QVERIFY(m_bed->setLink(kHosts, true));
        QTRY_COMPARE_WITH_TIMEOUT(ssh(1, kHosts, QStringLiteral("hostname")).out, cut, 15000);
    }

    void badArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::newRow("one host") << QStringList{ QStringLiteral("up"), QStringLiteral("--hosts"), QStringLiteral("1") }
                                  << QStringLiteral("--hosts must be 2..8");
        QTest::newRow("too many hosts") << QStringList{ QStringLiteral("up"), QStringLiteral("--hosts"),
            QStringLiteral("9") } << QStringLiteral("--hosts must be 2..8");
        QTest::newRow("not a number") << QStringList{ QStringLiteral("up"), QStringLiteral("--hosts"),
            QStringLiteral("x") } << QStringLiteral("--hosts must be 2..8");
        QTest::newRow("a name with a dash") << QStringList{ QStringLiteral("up"), QStringLiteral("--name"),
            QStringLiteral("a-b") } << QStringLiteral("--name must be");
        QTest::newRow("unknown option") << QStringList{ QStringLiteral("up"), QStringLiteral("--bridge") }
                                        << QStringLiteral("unknown argument '--bridge'");
        QTest::newRow("unknown action") << QStringList{ QStringLiteral("start") } << QStringLiteral("up [--hosts N]");
        QTest::newRow("link state") << QStringList{ QStringLiteral("link"), QStringLiteral("h1"),
            QStringLiteral("sideways") }
                                    << QStringLiteral("link HOST up|down");
    }

    // Exit 2 with the reason, and nothing made.
    void badArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        const Result r = run(kScript, args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(needle), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestTestbed)
#include "tst_testbed.moc"
