// core/edl/launcher: host files, the ssh command line (checked by running it through a real shell,
// the way the remote side would), device environments, and the child processes the leader owns.

#include "common/error.h"
#include "edl/client.h"
#include "edl/launcher.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <unistd.h>

using namespace vantage;
using namespace vantage::edl;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p)
{
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Waits up to `seconds` for the child to end; its exit description.
std::optional<std::string> waitExit(ChildProcess& c, double seconds)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < seconds * 1000) {
        if (auto e = c.poll())
            return e;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return std::nullopt;
}

} // namespace

class TestLauncher : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    fs::path path(const char* name) const { return fs::path(m_dir.path().toStdString()) / name; }

private Q_SLOTS:
    void hostFile()
    {
        const auto hosts = parseHostList("# cluster\n"
                                         "node1\n"
                                         "node2 slots=2   # two CPU workers\n"
                                         "gpu7 devices=0,cuda:3 address=10.1.2.7 worker=/opt/v/bin/vantage-edl-worker\n"
                                         "\n",
            "hosts.txt");
        QCOMPARE(hosts.size(), std::size_t(3));
        QCOMPARE(hosts[0].host, std::string("node1"));
        QCOMPARE(hosts[0].slots, 1);
        QCOMPARE(hosts[1].slots, 2);
        QCOMPARE(hosts[2].slots, 2);
        QCOMPARE(hosts[2].devices, (std::vector<std::string>{ "cuda:0", "cuda:3" }));
        QCOMPARE(hosts[2].workerPath, std::string("/opt/v/bin/vantage-edl-worker"));
        QCOMPARE(hosts[2].address, std::string("10.1.2.7"));
        SshLauncher ssh(hosts, "/w");
        QCOMPARE(ssh.dataPlaneHost("gpu7"), std::string("10.1.2.7"));
        QCOMPARE(ssh.dataPlaneHost("node1"), std::string("node1"));
    }

    void hostFileErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("field");
        QTest::newRow("bad slots") << "a\nb slots=zero\n" << 2 << "slots";
        QTest::newRow("negative slots") << "a slots=-1\n" << 1 << "slots";
        QTest::newRow("bad device") << "\n\na devices=tpu0\n" << 3 << "devices";
        QTest::newRow("slots vs devices") << "a slots=3 devices=0,1\n" << 1 << "devices";
        QTest::newRow("relative worker") << "a worker=bin/w\n" << 1 << "worker";
        QTest::newRow("unknown key") << "a colour=blue\n" << 1 << "colour";
        QTest::newRow("shell in address") << "a address=$(x)\n" << 1 << "address";
        QTest::newRow("shell in host") << "a;rm\n" << 1 << "host";
        QTest::newRow("option as host") << "-oProxyCommand=x\n" << 1 << "host";
    }
    void hostFileErrors()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(QString, field);
        try {
            parseHostList(text.toStdString(), "hosts.txt");
            QFAIL("accepted a bad host file");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QCOMPARE(e.file().value_or(""), std::string("hosts.txt"));
            QCOMPARE(e.line().value_or(0), std::int64_t(line));
            QCOMPARE(QString::fromStdString(e.field().value_or("")), field);
        }
        QVERIFY_THROWS_EXCEPTION(Error, parseHostList("# nothing\n", "empty.txt"));
        QVERIFY_THROWS_EXCEPTION(Error, parseHostFile(path("missing-hosts")));
    }

    void deviceEnvironments()
    {
        auto cpu = deviceEnvironment("cpu");
        QCOMPARE(cpu["CUDA_VISIBLE_DEVICES"], std::string(""));
        QCOMPARE(cpu["VANTAGE_EDL_DEVICE"], std::string("cpu"));
        auto gpu = deviceEnvironment("cuda:3");
        QCOMPARE(gpu["CUDA_VISIBLE_DEVICES"], std::string("3"));
        QCOMPARE(gpu["VANTAGE_EDL_DEVICE"], std::string("cuda"));
        QCOMPARE(deviceEnvironment("5")["CUDA_VISIBLE_DEVICES"], std::string("5"));
        QVERIFY_THROWS_EXCEPTION(Error, deviceEnvironment("gpu"));
        QVERIFY_THROWS_EXCEPTION(Error, deviceEnvironment("cuda:"));
    }

    // The remote command must survive the remote shell unchanged, whatever the values hold.
    void sshCommandLineQuoting()
    {
        SshLauncher ssh(
            { { .host = "node9", .slots = 1, .devices = { "cuda:1" } } }, "/opt/vantage bin/vantage-edl-worker");
        const std::map<std::string, std::string> env = { { "VANTAGE_EDL_ENDPOINT", "tcp://10.0.0.1:5555" },
            { "VANTAGE_EDL_ODD", "it's $HOME; `x` \"q\" \\ \n end" } };
        const auto argv = ssh.commandLine({ .host = "node9" }, "cuda:1", env);
        QCOMPARE(argv.front(), std::string("ssh"));
        QVERIFY(std::find(argv.begin(), argv.end(), "BatchMode=yes") != argv.end());
        QCOMPARE(argv[argv.size() - 2], std::string("node9"));
        const std::string remote = argv.back();
        QVERIFY(remote.find("--token-stdin") != std::string::npos);
        QVERIFY2(remote.find("TOKEN") == std::string::npos, "the token must not be on a command line");
        // Run the remote command through sh with the worker replaced by `env`, as sshd would.
        std::string probe = remote;
        const std::string worker = shellQuote("/opt/vantage bin/vantage-edl-worker") + " --token-stdin";
        probe.replace(probe.find(worker), worker.size(), "/usr/bin/env");
        const auto out = path("env.out");
        const std::string cmd = "/bin/sh -c " + shellQuote(probe) + " > " + out.string();
        QCOMPARE(std::system(cmd.c_str()), 0);
        const std::string printed = slurp(out);
        QVERIFY(printed.find("VANTAGE_EDL_ENDPOINT=tcp://10.0.0.1:5555\n") != std::string::npos);
        QVERIFY(printed.find("VANTAGE_EDL_ODD=it's $HOME; `x` \"q\" \\ \n end\n") != std::string::npos);
        QVERIFY(printed.find("CUDA_VISIBLE_DEVICES=1\n") != std::string::npos);
        QVERIFY(printed.find("VANTAGE_EDL_DEVICE=cuda\n") != std::string::npos);
    }

    // A script job over ssh: the script's command line runs on the host (each word kept whole),
    // and VANTAGE_EDL_TOKEN_STDIN=1 tells the Python module to read the token from stdin.
    void sshCommandLineOfAScript()
    {
        SshLauncher ssh({ { .host = "node9", .slots = 1, .workerPath = "/opt/vantage/bin/vantage-edl-worker" } },
            "/unused", "ssh", { "/opt/py env/bin/python", "/home/me/train it.py", "--data", "$HOME/x.pt" });
        const auto argv = ssh.commandLine({ .host = "node9" }, "cpu", { { "VANTAGE_EDL_JOB", "j1" } });
        const std::string remote = argv.back();
        QVERIFY2(remote.find("vantage-edl-worker") == std::string::npos, remote.c_str());
        QVERIFY2(remote.find("--token-stdin") == std::string::npos, remote.c_str());
        // Through sh with the interpreter replaced by a printer of its arguments, as sshd would run it.
        std::string probe = remote;
        const std::string python = shellQuote("/opt/py env/bin/python");
        probe.replace(probe.find(python), python.size(), "/usr/bin/printf '%s|'");
        const auto out = path("args.out");
        const std::string cmd = "/bin/sh -c " + shellQuote(probe) + " > " + out.string();
        QCOMPARE(std::system(cmd.c_str()), 0);
        QCOMPARE(slurp(out), std::string("/home/me/train it.py|--data|$HOME/x.pt|"));
        QVERIFY(remote.find(shellQuote("VANTAGE_EDL_TOKEN_STDIN=1")) != std::string::npos);
        QVERIFY(remote.find(shellQuote("VANTAGE_EDL_JOB=j1")) != std::string::npos);
    }

    void shellWordsSplitAsAShellDoes_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QStringList>("words");
        QTest::newRow("plain") << "ssh" << QStringList{ "ssh" };
        QTest::newRow("options") << "ssh -F /tmp/tb/ssh_config  -p 2222"
                                 << QStringList{ "ssh", "-F", "/tmp/tb/ssh_config", "-p", "2222" };
        QTest::newRow("tabs and ends") << "\t ssh\t-q \n" << QStringList{ "ssh", "-q" };
        QTest::newRow("single quotes") << "ssh -F '/my cluster/ssh config'"
                                       << QStringList{ "ssh", "-F", "/my cluster/ssh config" };
        QTest::newRow("double quotes") << "ssh -o \"ProxyCommand=nc -X 5 \\\"%h\\\" %p\""
                                       << QStringList{ "ssh", "-o", "ProxyCommand=nc -X 5 \"%h\" %p" };
        QTest::newRow("kept backslash in double quotes") << "\"a\\b\"" << QStringList{ "a\\b" };
        QTest::newRow("backslash") << "/opt/my\\ ssh -v" << QStringList{ "/opt/my ssh", "-v" };
        QTest::newRow("glued") << "a'b c'\"d\"" << QStringList{ "ab cd" };
        QTest::newRow("nothing expanded") << "ssh $HOME ~ `x`" << QStringList{ "ssh", "$HOME", "~", "`x`" };
        QTest::newRow("empty quotes") << "ssh ''" << QStringList{ "ssh", "" };
        QTest::newRow("empty") << "   " << QStringList{};
    }

    // --ssh is a command line: split as sh splits it, each word kept whole (the inverse of shellQuote).
    void shellWordsSplitAsAShellDoes()
    {
        QFETCH(QString, line);
        QFETCH(QStringList, words);
        const auto got = shellWords(line.toStdString(), "ssh");
        QStringList actual;
        for (const auto& w : got)
            actual << QString::fromStdString(w);
        QCOMPARE(actual, words);
        // What sh makes of the same line (which would expand what the launcher passes on as it is).
        if (!words.isEmpty() && !line.contains('$')) {
            const auto out = path("words.out");
            const std::string cmd
                = "/bin/sh -c " + shellQuote("printf '%s|' " + line.toStdString()) + " > " + out.string();
            QCOMPARE(std::system(cmd.c_str()), 0);
            QCOMPARE(QString::fromStdString(slurp(out)), words.join('|') + '|');
        }
    }

    void shellWordsRefuseOpenQuotes_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("needle");
        QTest::newRow("single") << "ssh -F '/tmp/x"
                                << "single quote is left open";
        QTest::newRow("double") << "ssh \"-v"
                                << "double quote is left open";
        QTest::newRow("escaped close") << "ssh \"-v\\\""
                                       << "double quote is left open";
        QTest::newRow("trailing backslash") << "ssh \\"
                                            << "backslash ends";
    }

    void shellWordsRefuseOpenQuotes()
    {
        QFETCH(QString, line);
        QFETCH(QString, needle);
        try {
            shellWords(line.toStdString(), "ssh");
            QFAIL("no error");
        } catch (const Error& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(needle), e.what());
            QCOMPARE(e.field().value_or(""), std::string("ssh"));
        }
    }

    // An ssh command with options: its words come first, then the launcher's options and the host.
    void sshCommandWithOptions()
    {
        SshLauncher ssh({ { .host = "vtb-h2", .slots = 1 } }, "/w", "ssh -F '/tmp/test bed/ssh_config' -p 2222");
        const auto argv = ssh.commandLine({ .host = "vtb-h2" }, "cpu", {});
        QCOMPARE(std::vector<std::string>(argv.begin(), argv.begin() + 5),
            (std::vector<std::string>{ "ssh", "-F", "/tmp/test bed/ssh_config", "-p", "2222" }));
        QCOMPARE(argv[argv.size() - 2], std::string("vtb-h2"));
        QVERIFY_THROWS_EXCEPTION(Error, SshLauncher({ { .host = "a", .slots = 1 } }, "/w", "  "));
    }

    void expandsSlurmHostLists_data()
    {
        QTest::addColumn<QString>("list");
        QTest::addColumn<QStringList>("hosts");
        QTest::newRow("one") << "node7" << QStringList{ "node7" };
        QTest::newRow("range") << "vtb-h[1-3]" << QStringList{ "vtb-h1", "vtb-h2", "vtb-h3" };
        QTest::newRow("ranges and names") << "gpu[1,3-4],login" << QStringList{ "gpu1", "gpu3", "gpu4", "login" };
        QTest::newRow("zero padding") << "n[08-11]" << QStringList{ "n08", "n09", "n10", "n11" };
        QTest::newRow("suffix") << "r[1-2]-ib" << QStringList{ "r1-ib", "r2-ib" };
        QTest::newRow("two groups") << "rack[1-2]n[1-2]" << QStringList{ "rack1n1", "rack1n2", "rack2n1", "rack2n2" };
    }

    // SLURM_JOB_NODELIST as Slurm writes it, expanded as `scontrol show hostnames` does.
    void expandsSlurmHostLists()
    {
        QFETCH(QString, list);
        QFETCH(QStringList, hosts);
        QStringList got;
        for (const auto& h : expandHostList(list.toStdString(), "SLURM_JOB_NODELIST"))
            got << QString::fromStdString(h);
        QCOMPARE(got, hosts);
    }

    void refusesBadSlurmEnvironments_data()
    {
        QTest::addColumn<QString>("jobId");
        QTest::addColumn<QString>("nodes");
        QTest::addColumn<QString>("tasks");
        QTest::addColumn<QString>("field");
        QTest::newRow("outside an allocation") << ""
                                               << "n[1-2]"
                                               << ""
                                               << "launcher";
        QTest::newRow("job id") << "12a"
                                << "n[1-2]"
                                << ""
                                << "SLURM_JOB_ID";
        QTest::newRow("no nodes") << "12"
                                  << ""
                                  << ""
                                  << "SLURM_JOB_NODELIST";
        QTest::newRow("open bracket") << "12"
                                      << "n[1-2"
                                      << ""
                                      << "SLURM_JOB_NODELIST";
        QTest::newRow("reversed range") << "12"
                                        << "n[3-1]"
                                        << ""
                                        << "SLURM_JOB_NODELIST";
        QTest::newRow("empty name") << "12"
                                    << "n1,,n2"
                                    << ""
                                    << "SLURM_JOB_NODELIST";
        QTest::newRow("tasks not counts") << "12"
                                          << "n[1-2]"
                                          << "two"
                                          << "SLURM_TASKS_PER_NODE";
        QTest::newRow("tasks for other nodes") << "12"
                                               << "n[1-2]"
                                               << "1(x3)"
                                               << "SLURM_TASKS_PER_NODE";
        QTest::newRow("zero tasks") << "12"
                                    << "n[1-2]"
                                    << "0(x2)"
                                    << "SLURM_TASKS_PER_NODE";
    }

    void refusesBadSlurmEnvironments()
    {
        QFETCH(QString, jobId);
        QFETCH(QString, nodes);
        QFETCH(QString, tasks);
        QFETCH(QString, field);
        std::map<std::string, std::string> env;
        if (!jobId.isEmpty())
            env["SLURM_JOB_ID"] = jobId.toStdString();
        if (!nodes.isEmpty())
            env["SLURM_JOB_NODELIST"] = nodes.toStdString();
        if (!tasks.isEmpty())
            env["SLURM_TASKS_PER_NODE"] = tasks.toStdString();
        try {
            slurmAllocation(env);
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.field().value_or("")), field);
        }
    }

    // The allocation's nodes and tasks per node make the slots; each worker is a one-task step on
    // its node, its own CPUs, the allocation kept if it fails, the token not on the command line.
    void slurmStepsFillTheAllocation()
    {
        const auto a = slurmAllocation(
            { { "SLURM_JOB_ID", "42" }, { "SLURM_JOB_NODELIST", "n[1-3]" }, { "SLURM_TASKS_PER_NODE", "2,1(x2)" } });
        QCOMPARE(a.jobId, std::string("42"));
        QCOMPARE(a.nodes.size(), std::size_t(3));
        QCOMPARE(a.nodes[0].slots, 2);
        QCOMPARE(a.nodes[2].slots, 1);
        SlurmLauncher slurm(a, "/opt/vantage bin/vantage-edl-worker", "srun --mpi=none");
        std::vector<std::string> hosts;
        for (int i = 0; i < 5; ++i) {
            hosts.push_back(slurm.nextHost());
            slurm.advance();
        }
        QCOMPARE(hosts, (std::vector<std::string>{ "n1", "n1", "n2", "n3", "n1" }));
        const auto argv = slurm.commandLine("n2");
        const std::vector<std::string> expected{ "srun", "--mpi=none", "--jobid=42", "--nodes=1", "--ntasks=1",
            "--nodelist=n2", "--exclusive", "--no-kill", "--kill-on-bad-exit=0", "--job-name=vantage-edl-worker",
            "--quiet", "/opt/vantage bin/vantage-edl-worker", "--token-stdin" };
        QCOMPARE(argv, expected);
        SlurmLauncher script(a, "/unused", "srun", { "/usr/bin/python3", "train.py" });
        const auto scriptArgv = script.commandLine("n3");
        QCOMPARE(scriptArgv[scriptArgv.size() - 2], std::string("/usr/bin/python3"));
        QCOMPARE(scriptArgv.back(), std::string("train.py"));
    }

    void sshSlotsRoundRobin()
    {
        SshLauncher ssh({ { .host = "a", .slots = 2 }, { .host = "b", .slots = 1, .devices = { "cuda:0" } } }, "/w");
        std::vector<std::string> hosts, devices;
        for (int i = 0; i < 5; ++i) {
            hosts.push_back(ssh.nextHost());
            devices.push_back(ssh.nextDevice());
            ssh.advance();
        }
        QCOMPARE(hosts, (std::vector<std::string>{ "a", "a", "b", "a", "a" }));
        QCOMPARE(devices, (std::vector<std::string>{ "cpu", "cpu", "cuda:0", "cpu", "cpu" }));
        QCOMPARE(ssh.dataPlaneHost("b"), std::string("b"));
    }

    void childGetsEnvironmentStdinAndLog()
    {
        const auto log = path("child.log");
        ChildProcess c({ "/bin/sh", "-c", "read tok; echo \"tok=$tok var=$VANTAGE_TEST_VAR\"; exit 3" },
            { { "VANTAGE_TEST_VAR", "forty two" } }, log, "s3cret\n", true);
        QVERIFY(c.pid() > 0);
        const auto e = waitExit(c, 10);
        QVERIFY(e.has_value());
        QCOMPARE(*e, std::string("exit code 3"));
        QCOMPARE(slurp(log), std::string("tok=s3cret var=forty two\n"));
        QVERIFY(!c.running());
    }

    void childEndsWhenItsStdinCloses()
    {
        // What an ssh worker relies on: the read end sees EOF once its owner goes away.
        auto c = std::make_unique<ChildProcess>(std::vector<std::string>{ "/bin/sh", "-c", "cat > /dev/null; exit 0" },
            std::map<std::string, std::string>{}, path("cat.log"), "x\n", false);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        QVERIFY(c->running());
        c->terminate(5.0);
        QVERIFY(!c->running());
    }

    void destructorKillsAndReaps()
    {
        pid_t pid = 0;
        {
            ChildProcess c({ "/bin/sleep", "60" }, {}, path("sleep.log"), "", false);
            pid = static_cast<pid_t>(c.pid());
            QVERIFY(::kill(pid, 0) == 0);
        }
        // Reaped: the pid is gone (not even a zombie of ours).
        QVERIFY(::kill(pid, 0) != 0);
    }

    void terminateEscalates()
    {
        ChildProcess c({ "/bin/sh", "-c", "trap '' TERM; sleep 30" }, {}, path("trap.log"), "", false);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        QElapsedTimer t;
        t.start();
        c.terminate(0.3);
        QVERIFY(!c.running());
        QVERIFY(t.elapsed() < 5000);
    }

    // Without VANTAGE_EDL_WORKER (as a user runs the build tree): the worker is found from the GUI's
    // and the CLI's executables and from the folder the GUI passes (its applicationDirPath()).
    void workerFoundInTheBuildTree_data()
    {
        QTest::addColumn<QString>("besides");
        QTest::newRow("the GUI") << QStringLiteral(VANTAGE_TEST_BINARY_DIR "/app/gui/vantage");
        QTest::newRow("the GUI's folder") << QStringLiteral(VANTAGE_TEST_BINARY_DIR "/app/gui");
        QTest::newRow("the CLI") << QStringLiteral(VANTAGE_TEST_BINARY_DIR "/app/cli/vantage-cli");
    }

    void workerFoundInTheBuildTree()
    {
        QFETCH(QString, besides);
        if (!QFileInfo::exists(besides))
            QSKIP("not built here (VANTAGE_BUILD_GUI=OFF)");
        const QByteArray saved = qgetenv("VANTAGE_EDL_WORKER");
        const QByteArray savedPath = qgetenv("PATH");
        qunsetenv("VANTAGE_EDL_WORKER");
        qputenv("PATH", "/usr/bin:/bin");
        const auto restore = qScopeGuard([&] {
            if (!saved.isEmpty())
                qputenv("VANTAGE_EDL_WORKER", saved);
            qputenv("PATH", savedPath);
        });
        const std::filesystem::path worker = edl::findWorkerBinary(besides.toStdString());
        QCOMPARE(QString::fromStdString(worker.string()),
            QString::fromStdString(
                std::filesystem::canonical(VANTAGE_TEST_BINARY_DIR "/app/worker/vantage-edl-worker").string()));
    }

    void missingExecutableIsAnInputError()
    {
        try {
            ChildProcess c({ "vantage-no-such-program-anywhere" }, {}, path("x.log"), "", false);
            QFAIL("started a program that does not exist");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
        }
    }
};

QTEST_GUILESS_MAIN(TestLauncher)
#include "tst_edl_launcher.moc"
