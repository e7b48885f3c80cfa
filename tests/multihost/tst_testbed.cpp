// scripts/testbed.sh: several hosts on this machine as network namespaces on a bridge, each with a
// real OpenSSH server, its own address and its own hostname. Checked as the multi-host suites use
// it: every host reaches every other over ssh with the host key checked, the connection comes from
// the source host's testbed address (never loopback), a host whose link is cut is unreachable until
// it is restored, and the machine's own namespace holds none of the testbed's addresses. Skipped
// with the script's reason where namespaces cannot be made (not root, a sandbox without them).

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

namespace {

const QString kScript = QStringLiteral(VANTAGE_SOURCE_DIR "/scripts/testbed.sh");

struct Result {
    int exitCode = -1;
    QString out;
    QString err;
};

Result run(const QString& program, const QStringList& args, int timeoutMs = 60000)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return { -1, {}, QStringLiteral("timed out: %1 %2").arg(program, args.join(QLatin1Char(' '))) };
    }
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
        QString::fromUtf8(p.readAllStandardOutput()).trimmed(), QString::fromUtf8(p.readAllStandardError()).trimmed() };
}

} // namespace

class TestTestbed : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_name; // unique per run, so that two suites' testbeds never share a namespace
    QString m_dir;
    static constexpr int kHosts = 3;

    QString host(int i) const { return QStringLiteral("%1-h%2").arg(m_name).arg(i); }
    QString address(int i) const { return QStringLiteral("10.77.0.%1").arg(10 + i); }
    QString sshConfig() const { return m_dir + QStringLiteral("/ssh_config"); }

    // `command` run on host `to` over ssh from host `from`.
    Result ssh(int from, int to, const QString& command, const QString& config = {})
    {
        return run(kScript,
            { QStringLiteral("exec"), host(from), QStringLiteral("--dir"), m_dir, QStringLiteral("--"),
                QStringLiteral("ssh"), QStringLiteral("-F"), config.isEmpty() ? sshConfig() : config, host(to),
                command });
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_name = QStringLiteral("vt%1").arg(::getpid() % 100000);
        m_dir = m_tmp.path() + QStringLiteral("/testbed");
        const Result up = run(kScript,
            { QStringLiteral("up"), QStringLiteral("--hosts"), QString::number(kHosts), QStringLiteral("--name"),
                m_name, QStringLiteral("--dir"), m_dir });
        if (up.exitCode == 77)
            QSKIP(qPrintable(up.err));
        QVERIFY2(up.exitCode == 0, qPrintable(up.err));
        QVERIFY2(up.out.contains(address(kHosts)), qPrintable(up.out));
    }

    void cleanupTestCase()
    {
        if (!m_dir.isEmpty())
            run(kScript, { QStringLiteral("down"), QStringLiteral("--dir"), m_dir });
    }

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
        QCOMPARE(run(kScript, { QStringLiteral("link"), cut, QStringLiteral("down"), QStringLiteral("--dir"), m_dir })
                     .exitCode,
            0);
        const Result gone = ssh(1, kHosts, QStringLiteral("hostname"));
        QCOMPARE(gone.exitCode, 255);
        QVERIFY2(gone.err.contains(QStringLiteral("timed out")) || gone.err.contains(QStringLiteral("unreachable")),
            qPrintable(gone.err));
        QCOMPARE(ssh(1, 2, QStringLiteral("hostname")).out, host(2));
        QCOMPARE(run(kScript, { QStringLiteral("link"), cut, QStringLiteral("up"), QStringLiteral("--dir"), m_dir })
                     .exitCode,
            0);
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
