#pragma once
// For the multi-host suites: scripts/testbed.sh driven from a test. A Testbed makes its hosts
// (network namespaces with their own addresses, hostnames and sshd) under a name unique to the
// process, runs commands on them, cuts their links, reads their interfaces' byte counters, and
// removes everything when it goes. Where the machine cannot make namespaces, up() says why
// (exit 77 of the script) and the suite skips.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <map>
#include <unistd.h>

namespace vantage::testing {

struct Result {
    int exitCode = -1;
    QString out;
    QString err;
};

inline Result runProcess(const QString& program, const QStringList& args, int timeoutMs = 60000)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return { -1, QString::fromUtf8(p.readAllStandardOutput()),
            QStringLiteral("timed out: %1 %2").arg(program, args.join(QLatin1Char(' '))) };
    }
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
        QString::fromUtf8(p.readAllStandardOutput()).trimmed(), QString::fromUtf8(p.readAllStandardError()).trimmed() };
}

// Bytes an interface received and sent.
struct Traffic {
    std::int64_t rx = 0;
    std::int64_t tx = 0;
};

class Testbed {
public:
    static QString script() { return QStringLiteral(VANTAGE_SOURCE_DIR "/scripts/testbed.sh"); }

    // `dir` is where the keys and configurations go (a test's temporary folder).
    Testbed(QString dir, int hosts)
        : m_name(QStringLiteral("vt%1").arg(::getpid() % 100000))
        , m_dir(std::move(dir))
        , m_hosts(hosts)
    { }
    ~Testbed() { down(); }
    Testbed(const Testbed&) = delete;
    Testbed& operator=(const Testbed&) = delete;

    // The script's result: exit 77 with the reason where the machine cannot make the testbed.
    // With `slurm`, the hosts are a Slurm cluster too (slurmctld on the first, a slurmd on each).
    Result up(bool slurm = false)
    {
        QStringList args{ QStringLiteral("up"), QStringLiteral("--hosts"), QString::number(m_hosts),
            QStringLiteral("--name"), m_name, QStringLiteral("--dir"), m_dir };
        if (slurm)
            args << QStringLiteral("--slurm");
        const Result r = runProcess(script(), args, 120000);
        m_up = r.exitCode == 0;
        return r;
    }
    void down()
    {
        if (m_up)
            runProcess(script(), { QStringLiteral("down"), QStringLiteral("--dir"), m_dir });
        m_up = false;
    }

    int hosts() const { return m_hosts; }
    QString dir() const { return m_dir; }
    QString host(int i) const { return QStringLiteral("%1-h%2").arg(m_name).arg(i); }
    QString address(int i) const { return QStringLiteral("10.77.0.%1").arg(10 + i); }
    QString sshConfig() const { return m_dir + QStringLiteral("/ssh_config"); }
    QString sshCommand() const { return QStringLiteral("ssh -F ") + sshConfig(); }
    QString slurmConf() const { return m_dir + QStringLiteral("/slurm/slurm.conf"); }
    // A Slurm client command (srun, sbatch, squeue, scancel) run on host `i`.
    Result slurm(int i, const QStringList& command) const
    {
        return exec(i, QStringList{ QStringLiteral("env"), QStringLiteral("SLURM_CONF=") + slurmConf() } + command);
    }

    // `command` run on host `i` (in its namespace).
    Result exec(int i, const QStringList& command, int timeoutMs = 60000) const
    {
        return runProcess(script(),
            QStringList{ QStringLiteral("exec"), host(i), QStringLiteral("--dir"), m_dir, QStringLiteral("--") }
                + command,
            timeoutMs);
    }
    // `command` run on host `to` over ssh from host `from`.
    Result ssh(int from, int to, const QString& command, const QString& config = {}) const
    {
        return exec(from,
            { QStringLiteral("ssh"), QStringLiteral("-F"), config.isEmpty() ? sshConfig() : config, host(to),
                command });
    }
    bool setLink(int i, bool up) const
    {
        return runProcess(script(),
                   { QStringLiteral("link"), host(i), up ? QStringLiteral("up") : QStringLiteral("down"),
                       QStringLiteral("--dir"), m_dir })
                   .exitCode
            == 0;
    }
    // Host i's interfaces (lo, eth0) and the bytes they carried so far.
    std::map<QString, Traffic> traffic(int i) const
    {
        const Result r = runProcess(QStringLiteral("ip"),
            { QStringLiteral("-n"), host(i), QStringLiteral("-s"), QStringLiteral("-j"), QStringLiteral("link"),
                QStringLiteral("show") });
        std::map<QString, Traffic> out;
        for (const auto& v : QJsonDocument::fromJson(r.out.toUtf8()).array()) {
            const QJsonObject link = v.toObject();
            const QJsonObject stats = link.value(QStringLiteral("stats64")).toObject();
            out[link.value(QStringLiteral("ifname")).toString()]
                = { stats.value(QStringLiteral("rx")).toObject().value(QStringLiteral("bytes")).toInteger(),
                      stats.value(QStringLiteral("tx")).toObject().value(QStringLiteral("bytes")).toInteger() };
        }
        return out;
    }

private:
    QString m_name; // unique per process, so that two suites' testbeds never share a namespace
    QString m_dir;
    int m_hosts;
    bool m_up = false;
};

} // namespace vantage::testing
