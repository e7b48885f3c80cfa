// Graph storage, loaders, generators and reordering (core/dgi/graph*, generators, npy, reorder):
// every format's parser on good and malformed input, generators per seed, and reorderings against
// brute-force checks.

#include "../cancel_mid_run.h"

#include "common/error.h"
#include "dgi/buffer.h"
#include "dgi/generators.h"
#include "dgi/graph.h"
#include "dgi/graph_io.h"
#include "dgi/memory.h"
#include "dgi/node_matrix.h"
#include "dgi/npy.h"
#include "dgi/reorder.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>
#include <set>
#include <zlib.h>

using namespace vantage;
using namespace vantage::dgi;

namespace {

NullProgress quiet; // for the calls whose progress a test does not watch
const CancelToken never; // nor cancels

std::set<std::pair<std::int64_t, std::int64_t>> edgeSet(const Graph& g)
{
    std::set<std::pair<std::int64_t, std::int64_t>> s;
    for (std::int64_t d = 0; d < g.numNodes(); ++d)
        for (auto u : g.inNeighbours(d))
            s.insert({ u, d });
    return s;
}

void writeText(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

// Runs f and returns the vantage::Error it throws (fails the test when it throws nothing).
template <typename F> Error errorOf(F f)
{
    try {
        f();
    } catch (const Error& e) {
        return e;
    }
    return Error("no error thrown");
}

} // namespace

class TestDgiGraph : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)).toStdString(); }

private Q_SLOTS:
    void buildSortsDedupesAndCountsDegrees()
    {
        EdgeList e;
        e.src = { 2, 0, 1, 0, 2, 3 };
        e.dst = { 1, 1, 0, 1, 0, 3 };
        const Graph g = buildGraph(e, { .dedupe = true }, {}, quiet, never);
        QCOMPARE(g.numNodes(), std::int64_t{ 4 });
        QCOMPARE(g.numEdges(), std::int64_t{ 5 }); // (0,1) twice
        QCOMPARE(std::vector<std::int64_t>(g.inNeighbours(1).begin(), g.inNeighbours(1).end()),
            (std::vector<std::int64_t>{ 0, 2 }));
        QCOMPARE(g.inDegree(0), std::int64_t{ 2 });
        QCOMPARE(g.outDegrees()[2], std::int64_t{ 2 });
        QCOMPARE(g.outDegrees()[3], std::int64_t{ 1 });
        const auto stats = graphStats(g);
        QCOMPARE(stats.selfLoops, std::int64_t{ 1 });
        QCOMPARE(stats.maxInDegree, std::int64_t{ 2 });
    }

    void symmetrizeAndSelfLoops_data()
    {
        QTest::addColumn<bool>("symmetrize");
        QTest::addColumn<int>("selfLoops");
        QTest::newRow("as is") << false << int(SelfLoops::Keep);
        QTest::newRow("symmetric") << true << int(SelfLoops::Keep);
        QTest::newRow("self-loops added") << false << int(SelfLoops::Add);
        QTest::newRow("self-loops removed") << false << int(SelfLoops::Remove);
        QTest::newRow("symmetric with self-loops") << true << int(SelfLoops::Add);
    }
    void symmetrizeAndSelfLoops()
    {
        QFETCH(bool, symmetrize);
        QFETCH(int, selfLoops);
        EdgeList e = generateErdosRenyi({ .nodes = 50, .avgDegree = 3, .seed = 4 }, quiet, never);
        e.src.push_back(7); // one self-loop in the input
        e.dst.push_back(7);
        const EdgeList copy = e;
        const Graph g
            = buildGraph(e, { .symmetrize = symmetrize, .selfLoops = SelfLoops(selfLoops) }, {}, quiet, never);
        // Oracle: the edges built directly. Repeated edges stay (the generator's list has some) unless
        // the graph is symmetrised, which merges as PyG's to_undirected does.
        std::multiset<std::pair<std::int64_t, std::int64_t>> want;
        for (std::size_t i = 0; i < copy.src.size(); ++i) {
            const auto s = copy.src[i];
            const auto d = copy.dst[i];
            if (s == d && SelfLoops(selfLoops) != SelfLoops::Keep)
                continue;
            want.insert({ s, d });
            if (symmetrize)
                want.insert({ d, s });
        }
        if (SelfLoops(selfLoops) == SelfLoops::Add)
            for (std::int64_t v = 0; v < 50; ++v)
                want.insert({ v, v });
        const std::set<std::pair<std::int64_t, std::int64_t>> distinct(want.begin(), want.end());
        QCOMPARE(edgeSet(g), distinct);
        QVERIFY(symmetrize || distinct.size() < want.size()); // the input does repeat edges
        QCOMPARE(g.numEdges(), static_cast<std::int64_t>(symmetrize ? distinct.size() : want.size()));
        QCOMPARE(
            graphStats(g).repeatedEdges, static_cast<std::int64_t>(symmetrize ? 0 : want.size() - distinct.size()));
    }

    void generatorsAreDeterministicPerSeed_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("other");
        QTest::newRow("rmat") << "rmat:n=3000,deg=6,seed=3"
                              << "rmat:n=3000,deg=6,seed=4";
        QTest::newRow("rmat skewed") << "rmat:n=1000,deg=4,seed=1,a=0.7,b=0.1,c=0.1"
                                     << "rmat:n=1000,deg=4,seed=2,a=0.7,b=0.1,c=0.1";
        QTest::newRow("chung-lu") << "chunglu:n=2000,deg=5,gamma=2.2,seed=9"
                                  << "chunglu:n=2000,deg=5,gamma=2.2,seed=10";
        QTest::newRow("erdos-renyi") << "er:n=1e3,deg=8,seed=5"
                                     << "er:n=1e3,deg=8,seed=6";
    }
    void generatorsAreDeterministicPerSeed()
    {
        QFETCH(QString, spec);
        QFETCH(QString, other);
        const Graph a = generateGraph(spec.toStdString(), {}, quiet, never);
        const Graph b = generateGraph(spec.toStdString(), {}, quiet, never);
        const Graph c = generateGraph(other.toStdString(), {}, quiet, never);
        QVERIFY(std::equal(a.offsets().begin(), a.offsets().end(), b.offsets().begin(), b.offsets().end()));
        QVERIFY(std::equal(a.sources().begin(), a.sources().end(), b.sources().begin(), b.sources().end()));
        QVERIFY(edgeSet(a) != edgeSet(c));
        // Roughly the asked-for number of edges (duplicates dropped).
        QVERIFY(a.numEdges() > a.numNodes() * 2);
        QVERIFY(a.numEdges() <= a.numNodes() * 8);
    }

    void rmatIsSkewedAndErdosRenyiIsNot()
    {
        const auto rmat = graphStats(generateGraph("rmat:n=4096,deg=8,seed=1", {}, quiet, never));
        const auto er = graphStats(generateGraph("er:n=4096,deg=8,seed=1", {}, quiet, never));
        QVERIFY2(rmat.maxInDegree > 5 * er.maxInDegree,
            qPrintable(QString("rmat max %1, er max %2").arg(rmat.maxInDegree).arg(er.maxInDegree)));
    }

    void generatorSpecErrors_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("field");
        QTest::newRow("unknown key") << "rmat:n=100,colour=3"
                                     << "rmat.colour";
        QTest::newRow("not a number") << "er:n=abc"
                                      << "er.n";
        QTest::newRow("negative nodes") << "rmat:n=-5"
                                        << "rmat.n";
        QTest::newRow("probabilities") << "rmat:n=100,a=0.9,b=0.5"
                                       << "a";
        QTest::newRow("exponent") << "chunglu:n=100,gamma=1.5"
                                  << "gamma";
        QTest::newRow("more nodes than a graph holds") << "rmat:n=2e12"
                                                       << "n";
        QTest::newRow("edges beyond any memory") << "er:n=1e9,deg=1e5"
                                                 << "n";
        QTest::newRow("per-node arrays beyond memory") << "chunglu:n=1e12,deg=0"
                                                       << "n";
    }
    void generatorSpecErrors()
    {
        QFETCH(QString, spec);
        QFETCH(QString, field);
        const Error e = errorOf([&] { generateGraph(spec.toStdString(), {}, quiet, never); });
        QCOMPARE(int(e.kind()), int(Error::Kind::InvalidInput));
        QCOMPARE(QString::fromStdString(e.field().value_or("")), field);
    }

    // Generating a graph stops mid-run once cancelled (the token set from its own progress, as a
    // Cancel button does: while the edges are drawn), its progress never going back; uncancelled,
    // the same spec is drawn whole, its progress ending at 1.
    void generationStopsWhenCancelledMidRun_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("rmat") << "rmat:n=100000,deg=16";
        QTest::newRow("chunglu") << "chunglu:n=100000,deg=16";
        QTest::newRow("er") << "er:n=100000,deg=16";
    }
    void generationStopsWhenCancelledMidRun()
    {
        QFETCH(QString, spec);
        const std::string s = spec.toStdString();
        const auto r
            = testing::cancelMidRun([&](Progress& p, const CancelToken& c) { (void)generateGraph(s, {}, p, c); });
        VERIFY_CANCELLED_MID_RUN(r);
        QCOMPARE(QString::fromStdString(r.phase), QStringLiteral("generating")); // while drawing the edges
        std::vector<double> fractions;
        CallbackProgress watched([&](double f, std::string_view) { fractions.push_back(f); });
        QVERIFY(generateGraph(s, {}, watched, CancelToken{}).numEdges() > 0);
        QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
        QVERIFY(fractions.size() > 4);
        QCOMPARE(fractions.back(), 1.0);
    }

    // Reading an edge list and building the CSR stop mid-run once cancelled (62M edges take 15 s to
    // symmetrise), on every path that builds one: a text file, an edge list given whole, and the
    // graph of `.npy` CSR files.
    void loadsStopWhenCancelledMidRun()
    {
        {
            QFile f(QString::fromStdString(path("many-lines.txt")));
            QVERIFY(f.open(QIODevice::WriteOnly));
            const QByteArray block = QByteArray("0 1\n").repeated(1 << 16);
            for (int i = 0; i < 17; ++i)
                f.write(block);
        }
        auto r = testing::cancelMidRun(
            [&](Progress& p, const CancelToken& c) { (void)loadEdgeList(path("many-lines.txt"), {}, p, c); });
        VERIFY_CANCELLED_MID_RUN(r);
        QCOMPARE(QString::fromStdString(r.phase), QStringLiteral("reading"));
        QCOMPARE(loadEdgeList(path("many-lines.txt"), {}, quiet, never).numEdges(),
            std::int64_t{ 17 } << 16); // uncancelled: read whole

        EdgeList e;
        e.src = { 0, 1, 2 };
        e.dst = { 1, 2, 0 };
        r = testing::cancelMidRun(
            [&](Progress& p, const CancelToken& c) { (void)buildGraph(e, { .symmetrize = true }, {}, p, c); });
        VERIFY_CANCELLED_MID_RUN(r);
        QCOMPARE(QString::fromStdString(r.phase), QStringLiteral("building"));
        QCOMPARE(buildGraph(e, { .symmetrize = true }, {}, quiet, never).numEdges(), std::int64_t{ 6 });
        saveGraph(buildGraph(e, {}, {}, quiet, never), path("saved"));
        r = testing::cancelMidRun([&](Progress& p, const CancelToken& c) {
            (void)loadGraph(path("saved"), { .build = { .symmetrize = true } }, p, c);
        });
        VERIFY_CANCELLED_MID_RUN(r);
        QCOMPARE(
            loadGraph(path("saved"), { .build = { .symmetrize = true } }, quiet, never).numEdges(), std::int64_t{ 6 });
    }

    void edgeListLoads()
    {
        writeText(path("g.txt"), "# a comment\n% another\n0 1\n1\t2\n\n2,0   # trailing comment\n3 3\r\n");
        const Graph g = loadEdgeList(path("g.txt"), {}, quiet, never);
        QCOMPARE(g.numNodes(), std::int64_t{ 4 });
        QCOMPARE(
            edgeSet(g), (std::set<std::pair<std::int64_t, std::int64_t>>{ { 0, 1 }, { 1, 2 }, { 2, 0 }, { 3, 3 } }));
        GraphLoadOptions o;
        o.numNodes = 10;
        o.build.symmetrize = true;
        const Graph h = loadEdgeList(path("g.txt"), o, quiet, never);
        QCOMPARE(h.numNodes(), std::int64_t{ 10 });
        QCOMPARE(h.numEdges(), std::int64_t{ 7 });
    }

    void repeatedEdgesAreUsedAsGiven()
    {
        // (0, 1) three times, (2, 2) twice: kept, counted, and named in the note.
        writeText(path("rep.txt"), "0 1\n0 1\n2 2\n1 2\n0 1\n2 2\n");
        const Graph g = loadEdgeList(path("rep.txt"), {}, quiet, never);
        QCOMPARE(g.numEdges(), std::int64_t{ 6 });
        QCOMPARE(g.inDegree(1), std::int64_t{ 3 });
        const GraphStats s = graphStats(g);
        QCOMPARE(s.repeatedEdges, std::int64_t{ 3 });
        QCOMPARE(s.selfLoops, std::int64_t{ 2 });
        const QString note = QString::fromStdString(graphInputNote(g, s, "how to change it"));
        QVERIFY2(note.contains("rep.txt has 3 repeated edges and 2 self-loops, used as given"), qPrintable(note));
        QVERIFY(note.endsWith("; how to change it"));
        // Merged only when asked.
        GraphLoadOptions o;
        o.build.dedupe = true;
        const Graph merged = loadEdgeList(path("rep.txt"), o, quiet, never);
        QCOMPARE(merged.numEdges(), std::int64_t{ 3 });
        QCOMPARE(graphStats(merged).repeatedEdges, std::int64_t{ 0 });
        QCOMPARE(QString::fromStdString(graphInputNote(merged, graphStats(merged), "")),
            QString::fromStdString(path("rep.txt"))
                + " has 1 self-loop, used as given (a model sums over repeated edges)");
        // A graph with neither has no note.
        writeText(path("simple.txt"), "0 1\n1 2\n");
        const Graph simple = loadEdgeList(path("simple.txt"), {}, quiet, never);
        QVERIFY(graphInputNote(simple, graphStats(simple), "x").empty());
    }

    void malformedEdgeLists_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("field");
        QTest::newRow("letters") << "0 1\n1 x\n" << 2 << "dst";
        QTest::newRow("one column") << "0 1\n\n# c\n5\n" << 4 << "dst";
        QTest::newRow("negative") << "-1 2\n" << 1 << "src";
        QTest::newRow("three columns") << "0 1\n1 2 0.5\n" << 2 << "";
        QTest::newRow("float id") << "0 1.5\n" << 1 << "";
    }
    void malformedEdgeLists()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(QString, field);
        writeText(path("bad.txt"), text.toStdString());
        const Error e = errorOf([&] { loadEdgeList(path("bad.txt"), {}, quiet, never); });
        QCOMPARE(int(e.kind()), int(Error::Kind::InvalidInput));
        QCOMPARE(QString::fromStdString(e.file().value_or("")), QString::fromStdString(path("bad.txt")));
        QCOMPARE(e.line().value_or(-1), std::int64_t(line));
        if (!field.isEmpty())
            QCOMPARE(QString::fromStdString(e.field().value_or("")), field);
        QVERIFY(QString(e.what()).contains(QString::fromStdString(path("bad.txt"))));
    }

    void outOfRangeWithGivenNodeCount()
    {
        writeText(path("g2.txt"), "0 1\n4 2\n");
        GraphLoadOptions o;
        o.numNodes = 3;
        const Error e = errorOf([&] { loadEdgeList(path("g2.txt"), o, quiet, never); });
        QVERIFY(QString(e.what()).contains("outside the 3 nodes"));
    }

    void ogbCsvAndGzip()
    {
        const std::string csv = "0,1\n1,2\n2,3\n3,0\n";
        writeText(path("edge.csv"), csv);
        gzFile f = gzopen(path("edge.csv.gz").c_str(), "wb");
        gzwrite(f, csv.data(), static_cast<unsigned>(csv.size()));
        gzclose(f);
        const Graph a = loadGraph(path("edge.csv"), {}, quiet, never);
        const Graph b = loadGraph(path("edge.csv.gz"), {}, quiet, never);
        QCOMPARE(edgeSet(a), edgeSet(b));
        QCOMPARE(a.numEdges(), std::int64_t{ 4 });
        writeText(path("bad.csv"), "0,1\n1 2\n");
        const Error e = errorOf([&] { loadOgbCsv(path("bad.csv"), {}, quiet, never); });
        QCOMPARE(e.line().value_or(-1), std::int64_t{ 2 });
        writeText(path("corrupt.csv.gz"), "this is not gzip");
        // zlib reads a non-gzip file as plain text; the text is then malformed at line 1.
        const Error g = errorOf([&] { loadOgbCsv(path("corrupt.csv.gz"), {}, quiet, never); });
        QCOMPARE(g.line().value_or(-1), std::int64_t{ 1 });
    }

    void npyCsrPairAndDirectoryRoundTrip()
    {
        const Graph g = generateGraph("rmat:n=500,deg=5,seed=2", { .symmetrize = false }, quiet, never);
        saveGraph(g, path("gdir"));
        const Graph mapped = loadGraph(path("gdir"), {}, quiet, never);
        QVERIFY(mapped.isMapped());
        QCOMPARE(edgeSet(mapped), edgeSet(g));
        // The same graph as an adjacency CSR (rows are sources), int32.
        const Graph rev = reversed(g);
        std::vector<std::int32_t> ptr(rev.offsets().begin(), rev.offsets().end());
        std::vector<std::int32_t> idx(rev.sources().begin(), rev.sources().end());
        writeNpy(path("indptr.npy"), NpyType::Int32, { static_cast<std::int64_t>(ptr.size()) }, ptr.data());
        writeNpy(path("indices.npy"), NpyType::Int32, { static_cast<std::int64_t>(idx.size()) }, idx.data());
        const Graph csr = loadGraph("csr:" + path("indptr.npy") + "," + path("indices.npy"), {}, quiet, never);
        QCOMPARE(edgeSet(csr), edgeSet(g));
        const Graph csc = loadGraph("csc:" + path("indptr.npy") + "," + path("indices.npy"), {}, quiet, never);
        QCOMPARE(edgeSet(csc), edgeSet(rev));
    }

    void malformedNpy_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("field");
        QTest::newRow("not npy") << QByteArray("hello world, not an array") << "magic";
        QByteArray f4("\x93NUMPY\x01\x00", 8);
        const QByteArray dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }\n";
        f4.append(char(dict.size()));
        f4.append(char(0));
        f4.append(dict);
        f4.append(QByteArray(12, 0));
        QTest::newRow("float indices") << f4 << "indptr";
        QByteArray big = f4;
        big.replace("<f4", ">i8");
        QTest::newRow("big endian") << big << "descr";
        QByteArray fortran = f4;
        fortran.replace("False", "True ");
        QTest::newRow("fortran order") << fortran << "fortran_order";
        QByteArray truncated = f4;
        truncated.replace("<f4", "<i8");
        QTest::newRow("truncated") << truncated << "";
    }
    void malformedNpy()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, field);
        writeText(path("bad_indptr.npy"), bytes.toStdString());
        std::vector<std::int64_t> idx{ 0 };
        writeNpy(path("ok_indices.npy"), NpyType::Int64, { 1 }, idx.data());
        const Error e
            = errorOf([&] { loadNpyCsr(path("bad_indptr.npy"), path("ok_indices.npy"), false, {}, quiet, never); });
        QCOMPARE(int(e.kind()), int(Error::Kind::InvalidInput));
        QCOMPARE(QString::fromStdString(e.file().value_or("")), QString::fromStdString(path("bad_indptr.npy")));
        if (!field.isEmpty())
            QCOMPARE(QString::fromStdString(e.field().value_or("")), field);
    }

    void inconsistentCsr()
    {
        std::vector<std::int64_t> ptr{ 0, 2, 1, 3 };
        std::vector<std::int64_t> idx{ 0, 1, 2 };
        writeNpy(path("p.npy"), NpyType::Int64, { 4 }, ptr.data());
        writeNpy(path("i.npy"), NpyType::Int64, { 3 }, idx.data());
        const Error e = errorOf([&] { loadNpyCsr(path("p.npy"), path("i.npy"), true, {}, quiet, never); });
        QVERIFY2(QString(e.what()).contains("offsets decrease"), e.what());
        std::vector<std::int64_t> ptr2{ 0, 1, 2, 3 };
        std::vector<std::int64_t> idx2{ 0, 7, 2 };
        writeNpy(path("p.npy"), NpyType::Int64, { 4 }, ptr2.data());
        writeNpy(path("i.npy"), NpyType::Int64, { 3 }, idx2.data());
        const Error e2 = errorOf([&] { loadNpyCsr(path("p.npy"), path("i.npy"), true, {}, quiet, never); });
        QVERIFY2(QString(e2.what()).contains("source 7"), e2.what());
    }

    void featuresNpyAndRandom()
    {
        const NodeMatrix a = randomFeatures(100, 7, 42);
        const NodeMatrix b = randomFeatures(100, 7, 42);
        const NodeMatrix c = randomFeatures(100, 7, 43);
        QCOMPARE(maxAbsDifference(a, b), 0.0);
        QVERIFY(maxAbsDifference(a, c) > 0.1);
        for (float v : a.floats())
            QVERIFY(v >= -1.0f && v < 1.0f);
        a.saveNpy(path("x.npy"));
        const NodeMatrix m = loadFeaturesNpy(path("x.npy"));
        QVERIFY(m.isMapped());
        QCOMPARE(maxAbsDifference(a, m), 0.0);
        std::vector<std::int64_t> ints(10, 1);
        writeNpy(path("ints.npy"), NpyType::Int64, { 10 }, ints.data());
        const Error e = errorOf([&] { loadFeaturesNpy(path("ints.npy")); });
        QCOMPARE(QString::fromStdString(e.field().value_or("")), QString("descr"));
        QCOMPARE(a.row(3).size(), std::size_t{ 7 });
        QCOMPARE(int(errorOf([&] { a.row(100); }).kind()), int(Error::Kind::InvalidInput));
    }

    void reorderingIsAPermutationThatShortensEdges_data()
    {
        QTest::addColumn<int>("method");
        QTest::newRow("bfs") << int(Reordering::Bfs);
        QTest::newRow("rcm") << int(Reordering::Rcm);
    }
    void reorderingIsAPermutationThatShortensEdges()
    {
        QFETCH(int, method);
        // A ring whose ids are scrambled: a good ordering puts neighbours next to each other.
        const std::int64_t n = 400;
        std::vector<std::int64_t> label(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i)
            label[static_cast<std::size_t>(i)] = (i * 163) % n;
        EdgeList e;
        for (std::int64_t i = 0; i < n; ++i) {
            e.src.push_back(label[static_cast<std::size_t>(i)]);
            e.dst.push_back(label[static_cast<std::size_t>((i + 1) % n)]);
        }
        const Graph g = buildGraph(e, { .symmetrize = true }, {}, quiet, never);
        const auto order = computeOrdering(g, Reordering(method));
        std::vector<std::int64_t> sorted = order;
        std::sort(sorted.begin(), sorted.end());
        for (std::int64_t i = 0; i < n; ++i)
            QCOMPARE(sorted[static_cast<std::size_t>(i)], i);
        const Graph p = permuteGraph(g, order);
        QVERIFY2(meanEdgeSpan(p) < 3.0, qPrintable(QString::number(meanEdgeSpan(p))));
        QVERIFY(meanEdgeSpan(g) > 50.0);
        // Same graph up to relabelling: edge (u, v) of p is (order[u], order[v]) of g.
        std::set<std::pair<std::int64_t, std::int64_t>> back;
        for (auto [u, v] : edgeSet(p))
            back.insert({ order[static_cast<std::size_t>(u)], order[static_cast<std::size_t>(v)] });
        QCOMPARE(back, edgeSet(g));
        // Rows follow the nodes, and scatter undoes gather.
        const NodeMatrix x = randomFeatures(n, 3, 1);
        const NodeMatrix gathered = gatherRows(x, order);
        QCOMPARE(gathered.at(5, 2), x.at(order[5], 2));
        QCOMPARE(maxAbsDifference(scatterRows(gathered, order), x), 0.0);
    }

    void hopSizesCountTheNeighbourhood()
    {
        // A path 0 <- 1 <- 2 <- 3 plus 4 -> 0.
        EdgeList e;
        e.src = { 1, 2, 3, 4 };
        e.dst = { 0, 1, 2, 0 };
        const Graph g = buildGraph(e, {}, {}, quiet, never);
        QCOMPARE(hopSizes(g, 0, 3), (std::vector<std::int64_t>{ 1, 3, 4, 5 }));
        QCOMPARE(int(errorOf([&] { hopSizes(g, 9, 1); }).kind()), int(Error::Kind::InvalidInput));
    }

    void byteSizes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("bytes");
        QTest::newRow("plain") << "1048576" << qint64(1048576);
        QTest::newRow("M") << "64M" << qint64(64) * 1024 * 1024;
        QTest::newRow("GiB") << "1.5GiB" << qint64(1610612736);
        QTest::newRow("spaced MB") << "300 MB" << qint64(300) * 1024 * 1024;
        QTest::newRow("K") << "4k" << qint64(4096);
    }
    void byteSizes()
    {
        QFETCH(QString, text);
        QFETCH(qint64, bytes);
        QCOMPARE(qint64(parseByteSize(text.toStdString())), bytes);
    }
    void badByteSize()
    {
        QCOMPARE(int(errorOf([] { parseByteSize("lots"); }).kind()), int(Error::Kind::InvalidInput));
        QCOMPARE(int(errorOf([] { parseByteSize("5 parsecs"); }).kind()), int(Error::Kind::InvalidInput));
    }

    void prefaultProvisionsPagesAndKeepsContents()
    {
        // A large RAM buffer is resident after prefault, whatever the thread count, and keeps what
        // was written before; small and file-backed buffers are left as they are.
        for (int threads : { 1, 3 }) {
            const std::size_t bytes = std::size_t{ 64 } << 20;
            const std::int64_t before = currentRssBytes();
            Buffer b = Buffer::allocate(bytes, false);
            b.data()[0] = std::byte{ 7 };
            b.data()[bytes - 1] = std::byte{ 9 };
            b.prefault(threads);
            const std::int64_t after = currentRssBytes();
            QVERIFY2(after - before >= std::int64_t{ 56 } << 20,
                qPrintable(QString("RSS %1 -> %2 with %3 threads").arg(before).arg(after).arg(threads)));
            QCOMPARE(b.data()[0], std::byte{ 7 });
            QCOMPARE(b.data()[bytes - 1], std::byte{ 9 });
            QCOMPARE(b.data()[bytes / 2], std::byte{ 0 });
        }
        Buffer small = Buffer::allocate(1000);
        small.data()[3] = std::byte{ 5 };
        small.prefault(2);
        QCOMPARE(small.data()[3], std::byte{ 5 });
        QTemporaryDir dir;
        Buffer file = Buffer::temporaryFile(dir.path().toStdString(), std::size_t{ 8 } << 20);
        file.data()[11] = std::byte{ 4 };
        file.prefault(2);
        QCOMPARE(file.data()[11], std::byte{ 4 });
        QVERIFY(file.isMapped());
    }
};

QTEST_GUILESS_MAIN(TestDgiGraph)
#include "tst_dgi_graph.moc"
