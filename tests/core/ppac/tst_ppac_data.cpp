// core/ppac data: each loader reads its format and refuses malformed lines naming file, line and
// field; splits keep their invariants; the balanced test gives each item exactly c; the synthetic
// generator is seeded, long-tailed and community-shaped; the overview counts what it says.

#include "common/error.h"
#include "common/json.h"
#include "ppac/csv_columns.h"
#include "ppac/dataset.h"
#include "ppac/loaders.h"
#include "ppac/splits.h"
#include "ppac/synthetic.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

using namespace vantage;
using namespace vantage::ppac;
namespace fs = std::filesystem;

class TestPpacData : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    fs::path write(const std::string& name, const std::string& text)
    {
        const auto p = fs::path(m_dir.path().toStdString()) / name;
        fs::create_directories(p.parent_path());
        writeFileAtomic(p, text);
        return p;
    }

    InteractionLog logOf(const std::vector<std::tuple<int, int, double>>& rows, int users, int items)
    {
        InteractionLog log;
        for (const auto& [u, i, t] : rows)
            log.rows.push_back({ u, i, 1.0, t });
        for (int u = 0; u < users; ++u)
            log.userLabels.push_back("u" + std::to_string(u));
        for (int i = 0; i < items; ++i)
            log.itemLabels.push_back("i" + std::to_string(i));
        log.hasTimestamps = true;
        return log;
    }

private Q_SLOTS:
    void userLines()
    {
        const auto p = write("lines/train.txt", "0 1 2\n\n2 0 2 2\n1\n");
        const UserItems t = readUserLines(p);
        QCOMPARE(t.numUsers(), 3);
        QCOMPARE(t.numItems(), 3);
        QCOMPARE(t.size(), std::int64_t(4)); // the repeated 2 counts once
        QVERIFY(t.contains(0, 1) && t.contains(2, 0) && !t.contains(1, 0));
        QCOMPARE(t.count(1), 0);
    }

    void malformedFilesNameFileLineField_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expect");
        QTest::newRow("lines: item") << "lines"
                                     << "a.txt"
                                     << "0 1 2\n1 3 x\n"
                                     << "a.txt:2: field 'item'";
        QTest::newRow("lines: negative user") << "lines"
                                              << "b.txt"
                                              << "0 1\n-1 2\n"
                                              << "b.txt:2: field 'user'";
        QTest::newRow("lines: user twice") << "lines"
                                           << "c.txt"
                                           << "0 1\n1 2\n0 2\n"
                                           << "c.txt:3: field 'user'";
        QTest::newRow("lines: huge id") << "lines"
                                        << "d.txt"
                                        << "0 99999999999\n"
                                        << "d.txt:1: field 'item'";
        QTest::newRow("inter: short row") << "inter"
                                          << "e.inter"
                                          << "user_id:token\titem_id:token\n1\t2\n3\n"
                                          << "e.inter:3:";
        QTest::newRow("inter: no item column") << "inter"
                                               << "f.inter"
                                               << "user_id:token\trating:float\n1\t2\n"
                                               << "f.inter:1: field 'item_id'";
        QTest::newRow("inter: bad rating") << "inter"
                                           << "g.inter"
                                           << "user_id:token\titem_id:token\trating:float\n1\t2\tx\n"
                                           << "g.inter:2: field 'rating'";
        QTest::newRow("inter: bad type") << "inter"
                                         << "h.inter"
                                         << "user_id:tok\titem_id:token\n1\t2\n"
                                         << "h.inter:1: field 'user_id'";
        QTest::newRow("movielens: rating") << "movielens"
                                           << "ratings.dat"
                                           << "1::2::5::100\n1::3::five::100\n"
                                           << "ratings.dat:2: field 'rating'";
        QTest::newRow("movielens: fields") << "movielens"
                                           << "m.dat"
                                           << "1::2::5::9\n1::2::5\n"
                                           << "m.dat:2:";
        QTest::newRow("u.data: fields") << "movielens"
                                        << "u.data"
                                        << "1\t2\t3\t4\n1\t2\n"
                                        << "u.data:2:";
        QTest::newRow("u.data: timestamp") << "movielens"
                                           << "v.data"
                                           << "1\t2\t3\tnoon\n"
                                           << "v.data:1: field 'timestamp'";
        QTest::newRow("csv: empty item") << "csv"
                                         << "a.csv"
                                         << "user,item,rating\n1,2,5\n1,,4\n"
                                         << "a.csv:3: field 'item'";
        QTest::newRow("csv: too many fields") << "csv"
                                              << "b.csv"
                                              << "1,2,3,4,5\n"
                                              << "b.csv:1:";
        QTest::newRow("csv: bad rating") << "csv"
                                         << "c.csv"
                                         << "user,item,rating\n1,2,abc\n"
                                         << "c.csv:2: field 'rating'";
        QTest::newRow("csv: ragged row") << "csv"
                                         << "d.csv"
                                         << "user;item\n1;2\n3;4;5\n"
                                         << "d.csv:3:";
    }
    void malformedFilesNameFileLineField()
    {
        QFETCH(QString, format);
        QFETCH(QString, name);
        QFETCH(QString, text);
        QFETCH(QString, expect);
        const auto p = write("bad/" + name.toStdString(), text.toStdString());
        try {
            const auto f = enumFromName<ppac::DataFormat>(format.toStdString());
            if (f == DataFormat::UserLines)
                readUserLines(p);
            else if (f == DataFormat::RecBoleInter)
                readRecBoleInter(p);
            else if (f == DataFormat::MovieLens)
                readMovieLens(p);
            else
                readCsv(p);
            QFAIL("accepted a malformed file");
        } catch (const Error& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(expect), e.what());
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
        }
    }

    void directoryOfSplitFiles()
    {
        write("split/train.txt", "0 0 1 2\n1 1 2\n2 0 3\n");
        write("split/test.txt", "0 3\n1 0 3\n2 1\n");
        write("split/balance_test.txt", "1 3\n");
        NullProgress np;
        LoadOptions o;
        o.path = fs::path(m_dir.path().toStdString()) / "split";
        const Dataset d = loadDataset(o, np, CancelToken());
        QCOMPARE(d.name, std::string("split"));
        QCOMPARE(d.numUsers(), 3);
        QCOMPARE(d.numItems(), 4);
        QCOMPARE(d.train.size(), std::int64_t(7));
        QCOMPARE(d.test.size(), std::int64_t(4));
        QCOMPARE(d.balancedTest.size(), std::int64_t(1));
        QVERIFY(d.validation.isEmpty());
        // A balanced pair outside the test set is refused.
        write("split/balance_test.txt", "1 2\n");
        QVERIFY_THROWS_EXCEPTION(Error, loadDataset(o, np, CancelToken()));
        // Without a balanced file it is built (c = 1: every tested item once).
        fs::remove(o.path / "balance_test.txt");
        o.balancedPerItem = 1;
        const Dataset built = loadDataset(o, np, CancelToken());
        QCOMPARE(built.balancedTest.size(), std::int64_t(3)); // items 0, 1, 3
        // A test pair that is also a training pair is refused.
        write("split/test.txt", "0 1\n");
        QVERIFY_THROWS_EXCEPTION(Error, loadDataset(o, np, CancelToken()));
    }

    void singleFileFormats()
    {
        NullProgress np;
        LoadOptions o;
        o.split = { .method = SplitMethod::RandomPerUser, .testFraction = 0.25, .seed = 3 };
        o.balancedPerItem = 1;
        // RecBole: ids are tokens, the rating threshold drops the 2-star row and user "c" with it.
        o.path = write("x.inter",
            "user_id:token\titem_id:token\trating:float\ttimestamp:float\n"
            "a\tm1\t5\t1\na\tm2\t4\t2\na\tm3\t5\t3\na\tm4\t5\t4\nb\tm1\t4\t1\nb\tm3\t4\t2\nc\tm9\t2\t1\n");
        o.minRating = 4;
        Dataset d = loadDataset(o, np, CancelToken());
        QCOMPARE(d.numUsers(), 2);
        QCOMPARE(d.numItems(), 4);
        QCOMPARE(d.userLabel(0), std::string("a"));
        QCOMPARE(d.findUser("b").value_or(-1), 1);
        QVERIFY(!d.findUser("c").has_value());
        QCOMPARE(d.train.size() + d.test.size(), std::int64_t(6));
        QCOMPARE(d.test.count(0), 1); // round(0.25 * 4)
        QCOMPARE(d.test.count(1), 1); // at least one of two
        // MovieLens ratings.dat with leave-last: the latest item of each user is the test item.
        o.path = write("ml/ratings.dat", "1::10::5::300\n1::11::5::100\n1::12::4::200\n2::10::3::50\n2::13::5::60\n");
        o.minRating = -std::numeric_limits<double>::infinity();
        o.split = { .method = SplitMethod::LeaveLastByTime, .leaveLast = 1 };
        d = loadDataset(o, np, CancelToken());
        QCOMPARE(d.numUsers(), 2);
        QCOMPARE(d.itemLabel(d.test.items(0)[0]), std::string("10"));
        QCOMPARE(d.itemLabel(d.test.items(1)[0]), std::string("13"));
        // u.data (tab-separated) reads the same way.
        o.path = write("ml/u.data", "1\t10\t5\t300\n1\t11\t5\t100\n");
        d = loadDataset(o, np, CancelToken());
        QCOMPARE(d.train.size(), std::int64_t(1));
        QCOMPARE(d.itemLabel(d.test.items(0)[0]), std::string("10"));
        // CSV with a MovieLens-style header; columns found by name.
        o.path
            = write("r.csv", "userId,movieId,rating,timestamp\n7,100,4.5,10\n7,101,3.0,11\n8,100,5,12\n8,102,4,13\n");
        o.minRating = 4.0;
        o.split = { .method = SplitMethod::RandomPerUser, .testFraction = 0.5, .seed = 1 };
        d = loadDataset(o, np, CancelToken());
        QCOMPARE(d.numUsers(), 2);
        QCOMPARE(d.train.size() + d.test.size(), std::int64_t(3));
        // Leave-last without timestamps is refused.
        o.path = write("plain.csv", "1,2\n1,3\n");
        o.split = { .method = SplitMethod::LeaveLastByTime };
        QVERIFY_THROWS_EXCEPTION(Error, loadDataset(o, np, CancelToken()));
        // Unknown names need --format.
        o.path = write("what.bin", "1 2\n");
        QVERIFY_THROWS_EXCEPTION(Error, loadDataset(o, np, CancelToken()));
        o.path = fs::path(m_dir.path().toStdString()) / "missing";
        QVERIFY_THROWS_EXCEPTION(Error, loadDataset(o, np, CancelToken()));
    }

    // Headers as other tools and public datasets write them, with more columns about the same things
    // than the four read: the id columns must be the ones read (a user_name before user_id once
    // took its place, reading 7 users of 300 with exit 0).
    void csvHeaderColumns_data()
    {
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("want"); // user,item,rating,timestamp column indices (-1: none)
        QTest::newRow("plain") << "user,item,rating,timestamp"
                               << "0,1,2,3";
        QTest::newRow("movielens latest") << "userId,movieId,rating,timestamp"
                                          << "0,1,2,3";
        QTest::newRow("user_type first") << "user_type,user_id,item_id,rating"
                                         << "1,2,3,-1";
        QTest::newRow("names beside ids") << "user_name,user_id,item_name,item_id,rating,timestamp"
                                          << "1,3,4,5";
        QTest::newRow("item_name first") << "user_id,item_name,item_id,rating"
                                         << "0,2,3,-1";
        QTest::newRow("previous item") << "user_id,previous_item_id,item_id,rating"
                                       << "0,2,3,-1";
        QTest::newRow("pandas index") << ",user,item,rating,timestamp"
                                      << "1,2,3,4";
        QTest::newRow("h&m") << "t_dat,customer_id,article_id,price"
                             << "1,2,-1,-1";
        QTest::newRow("retailrocket") << "timestamp,visitorid,event,itemid"
                                      << "1,3,-1,0";
        QTest::newRow("amazon reviews") << "reviewerID,asin,overall,unixReviewTime"
                                        << "0,1,2,3";
        QTest::newRow("spaces and case") << "User ID,Item ID,Rating"
                                         << "0,1,2,-1";
        QTest::newRow("book crossing") << "User-ID,ISBN,Book-Rating"
                                       << "0,1,2,-1";
        QTest::newRow("no item column") << "user,thing"
                                        << "0,-1,-1,-1";
        QTest::newRow("ids over bare words") << "item,item_id,user,user_id"
                                             << "3,1,-1,-1";
        QTest::newRow("points are not places") << "user_id,sku,loyalty_points"
                                               << "0,-1,-1,-1";
        QTest::newRow("tracking is not a track") << "user_id,tracking_id,rating"
                                                 << "0,-1,2,-1";
        QTest::newRow("datetime") << "user,item,datetime"
                                  << "0,1,-1,2";
    }
    void csvHeaderColumns()
    {
        QFETCH(QString, header);
        QFETCH(QString, want);
        std::vector<std::string> names;
        for (const QString& n : header.split(','))
            names.push_back(n.toStdString());
        const CsvColumns c = pickCsvColumns(names);
        QCOMPARE(QString("%1,%2,%3,%4").arg(c.user).arg(c.item).arg(c.rating).arg(c.timestamp), want);
    }

    void csvAsOtherToolsWriteIt()
    {
        NullProgress np;
        LoadOptions o;
        o.split = { .method = SplitMethod::LeaveLastByTime, .leaveLast = 1 };
        o.balancedPerItem = 1;
        // A quoted field with line breaks and quotes in it (pandas writes a text column so), CRLF.
        o.path = write("notes.csv",
            "user_name,user_id,item_id,rating,timestamp\r\n\"Ann\r\nB.\",7,100,4,1\r\n\"say \"\"hi\"\"\n"
            "twice\",7,101,5,2\r\nCy,8,100,3,3\r\nCy,8,102,2,4\r\n");
        Dataset d = loadDataset(o, np, CancelToken());
        QCOMPARE(d.numUsers(), 2);
        QCOMPARE(d.userLabel(0), std::string("7"));
        QCOMPARE(d.numItems(), 3);
        QCOMPARE(d.train.size() + d.test.size(), std::int64_t(4));
        QCOMPARE(d.itemLabel(d.test.items(0)[0]), std::string("101"));
        QCOMPARE(d.notes["columns"]["user"].get<std::string>(), std::string("user_id"));
        QCOMPARE(d.notes["repeated_rows"].get<std::int64_t>(), std::int64_t(0));
        // A quote inside a field that is not quoted is text (27" monitor), and does not swallow the
        // lines after it; a first row of words of the roles without a header's names is data.
        o.path = write("inch.csv",
            "customer_1,product_9,4,1\ncustomer_1,27\" monitor,5,2\ncustomer_2,product_9,3,3\n"
            "customer_2,product_3,4,4\n");
        d = loadDataset(o, np, CancelToken());
        QCOMPARE(d.numUsers(), 2);
        QCOMPARE(d.train.size() + d.test.size(), std::int64_t(4));
        QVERIFY(std::find(d.itemLabels.begin(), d.itemLabels.end(), "27\" monitor") != d.itemLabels.end());
        // A quote never closed is refused naming the line it opened on.
        o.path = write("open.csv", "user,item\n1,2\n\"3,4\n5,6\n");
        try {
            loadDataset(o, np, CancelToken());
            QFAIL("an unclosed quote was read");
        } catch (const Error& e) {
            QCOMPARE(e.line().value_or(-1), std::int64_t(3));
            QVERIFY2(QString(e.what()).contains("never closed"), e.what());
        }
        // Repeated (user, item) rows are one interaction each, and counted.
        o.path = write("dups.csv", "user,item,timestamp\n1,2,1\n1,3,2\n1,2,5\n2,2,1\n2,3,2\n1,2,3\n");
        d = loadDataset(o, np, CancelToken());
        QCOMPARE(d.train.size() + d.test.size(), std::int64_t(4));
        QCOMPARE(overview(d).repeatedRows, std::int64_t(2));
        QCOMPARE(d.itemLabel(d.test.items(0)[0]), std::string("2")); // at its latest timestamp, 5
        // A minimum rating on a file without ratings would filter nothing: refused.
        o.minRating = 4;
        try {
            loadDataset(o, np, CancelToken());
            QFAIL("--min-rating was ignored");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.field().value_or("")), QString("min_rating"));
        }
    }

    void denseIdsThatAreMostlyGapsAreRefused()
    {
        // Three users numbered up to 50 000 000 in the one-line-per-user format: each id would take
        // a row of the model (a training run was killed for memory at 23 GB).
        NullProgress np;
        LoadOptions o;
        o.path = write("gap/train.txt", "0 1 2 3\n1 2 3 4\n50000000 1 2\n");
        write("gap/test.txt", "0 4\n1 1\n");
        o.path = o.path.parent_path();
        try {
            loadDataset(o, np, CancelToken());
            QFAIL("a mostly empty id range was read");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.field().value_or("")), QString("user"));
            QVERIFY2(QString(e.what()).contains("renumber"), e.what());
        }
        // These files hold no ratings: a minimum rating is refused, not ignored.
        o.minRating = 3;
        try {
            loadDataset(o, np, CancelToken());
            QFAIL("--min-rating was ignored");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.field().value_or("")), QString("min_rating"));
        }
        o.minRating = -std::numeric_limits<double>::infinity();
        // Dense ids of the same size are read (a million users, each with one item).
        std::string train, test;
        for (int u = 0; u < 1100000; ++u) {
            train += std::to_string(u) + " " + std::to_string(u % 7) + " " + std::to_string(u % 5 + 7) + "\n";
            test += std::to_string(u) + " " + std::to_string(u % 3 + 12) + "\n";
        }
        o.path = write("dense/train.txt", train);
        write("dense/test.txt", test);
        o.path = o.path.parent_path();
        QCOMPARE(loadDataset(o, np, CancelToken()).numUsers(), 1100000);
    }

    void randomSplitInvariants_data()
    {
        QTest::addColumn<double>("fraction");
        QTest::newRow("0.2") << 0.2;
        QTest::newRow("0.5") << 0.5;
        QTest::newRow("0.9") << 0.9;
    }
    void randomSplitInvariants()
    {
        QFETCH(double, fraction);
        const auto log = generateSyntheticLog({ .users = 200, .items = 100, .meanInteractions = 10, .seed = 5 });
        const auto [train, test]
            = splitLog(log, { .method = SplitMethod::RandomPerUser, .testFraction = fraction, .seed = 9 });
        std::set<std::pair<int, int>> all;
        for (const auto& r : log.rows)
            all.insert({ r.user, r.item });
        QCOMPARE(train.size() + test.size(), static_cast<std::int64_t>(all.size()));
        QCOMPARE(train.overlap(test), std::int64_t(0));
        for (std::int32_t u = 0; u < train.numUsers(); ++u) {
            const auto n = train.count(u) + test.count(u);
            const auto want = std::clamp<std::int64_t>(std::llround(fraction * n), n >= 2 ? 1 : 0, n - 1);
            QCOMPARE(static_cast<std::int64_t>(test.count(u)), want);
            QVERIFY(train.count(u) >= 1);
        }
        // Same seed, same split; another seed, another split.
        const auto again = splitLog(log, { .method = SplitMethod::RandomPerUser, .testFraction = fraction, .seed = 9 });
        QCOMPARE(again.test.fingerprint(), test.fingerprint());
        const auto other
            = splitLog(log, { .method = SplitMethod::RandomPerUser, .testFraction = fraction, .seed = 10 });
        QVERIFY(other.test.fingerprint() != test.fingerprint());
    }

    void leaveLastTakesLatest()
    {
        const auto log
            = logOf({ { 0, 0, 5.0 }, { 0, 1, 9.0 }, { 0, 2, 1.0 }, { 1, 0, 3.0 }, { 1, 2, 3.0 }, { 2, 1, 1.0 } }, 3, 3);
        const auto [train, test] = splitLog(log, { .method = SplitMethod::LeaveLastByTime, .leaveLast = 1 });
        QVERIFY(test.contains(0, 1));
        QVERIFY(test.contains(1, 2)); // equal times: the later row
        QCOMPARE(test.count(2), 0); // a single interaction stays in training
        QCOMPARE(train.size(), std::int64_t(4));
    }

    void validationHeldOutOfTraining()
    {
        const auto d = generateSynthetic({ .users = 300, .items = 120, .meanInteractions = 12, .seed = 2 });
        const auto [fit, validation] = holdOutValidation(d.train, 0.1, 4);
        QCOMPARE(fit.overlap(validation), std::int64_t(0));
        QCOMPARE(fit.size() + validation.size(), d.train.size());
        QCOMPARE(fit.unitedWith(validation).fingerprint(), d.train.fingerprint());
        for (std::int32_t u = 0; u < fit.numUsers(); ++u)
            QVERIFY(fit.count(u) >= 1);
        const auto none = holdOutValidation(d.train, 0.0, 4);
        QVERIFY(none.validation.isEmpty());
        QVERIFY_THROWS_EXCEPTION(Error, holdOutValidation(d.train, 1.0, 4));
    }

    void balancedTestGivesEachItemExactlyC_data()
    {
        QTest::addColumn<int>("c");
        QTest::newRow("c 1") << 1;
        QTest::newRow("c 3") << 3;
        QTest::newRow("c 5") << 5;
    }
    void balancedTestGivesEachItemExactlyC()
    {
        QFETCH(int, c);
        const auto d = generateSynthetic({ .users = 400, .items = 150, .meanInteractions = 15, .seed = 8 });
        const UserItems balanced = buildBalancedTest(d.test, c, 1);
        QCOMPARE(balanced.overlap(d.test), balanced.size());
        const auto testCounts = d.test.itemCounts();
        const auto counts = balanced.itemCounts();
        for (std::size_t i = 0; i < counts.size(); ++i)
            QCOMPARE(counts[i], testCounts[i] >= c ? c : 0);
    }

    void syntheticIsSeededLongTailedAndClustered()
    {
        SyntheticTruth truth;
        const SyntheticOptions o{
            .users = 600, .items = 300, .communities = 6, .meanInteractions = 20, .communityAffinity = 0.9, .seed = 21
        };
        const Dataset a = generateSynthetic(o, &truth);
        const Dataset b = generateSynthetic(o);
        QCOMPARE(a.train.fingerprint(), b.train.fingerprint());
        auto o2 = o;
        o2.seed = 22;
        QVERIFY(generateSynthetic(o2).train.fingerprint() != a.train.fingerprint());
        const auto all = a.train.unitedWith(a.test);
        // Long tail: the 20% most popular items hold well over 20% of the interactions.
        const auto ov = overview(a);
        QVERIFY2(ov.headShare > 0.4, qPrintable(QString::number(ov.headShare)));
        QVERIFY(std::is_sorted(ov.itemPopularity.rbegin(), ov.itemPopularity.rend()));
        // Communities: most of a user's items come from their own community (1 / 6 without structure;
        // repeated picks of a community's head items are redrawn, so less than the affinity 0.9).
        std::int64_t own = 0;
        for (std::int32_t u = 0; u < all.numUsers(); ++u)
            for (auto i : all.items(u))
                own += truth.itemCommunity[static_cast<std::size_t>(i)]
                    == truth.userCommunity[static_cast<std::size_t>(u)];
        const double share = static_cast<double>(own) / static_cast<double>(all.size());
        QVERIFY2(share > 0.6, qPrintable(QString::number(share)));
        QVERIFY_THROWS_EXCEPTION(Error, generateSynthetic({ .users = 1 }));
    }

    void datasetsReloadFromTheirNotes()
    {
        NullProgress np;
        LoadOptions o;
        o.path = write("re/ratings.csv", "user,item,rating\n1,a,5\n1,b,4\n1,c,5\n2,a,5\n2,c,4\n3,b,5\n3,c,5\n3,d,5\n");
        o.csv.header = CsvOptions::Header::Present;
        o.minRating = 4.5;
        o.split = { .method = SplitMethod::RandomPerUser, .testFraction = 0.3, .seed = 5 };
        o.validationFraction = 0.5;
        o.balancedPerItem = 1;
        const Dataset a = loadDataset(o, np, CancelToken());
        const LoadOptions back = loadOptionsFromJson(toJson(o), "test");
        QCOMPARE(back.minRating, 4.5);
        QCOMPARE(back.csv.header, CsvOptions::Header::Present);
        QCOMPARE(back.split.testFraction, 0.3);
        QCOMPARE(back.validationFraction, 0.5);
        const Dataset b = reloadDataset(a.notes, np, CancelToken());
        QCOMPARE(b.train.fingerprint(), a.train.fingerprint());
        QCOMPARE(b.validation.fingerprint(), a.validation.fingerprint());
        QCOMPARE(b.test.fingerprint(), a.test.fingerprint());
        QCOMPARE(b.itemLabels, a.itemLabels);
        const Dataset s = generateSynthetic(
            { .users = 50, .items = 40, .meanInteractions = 10, .validationFraction = 0.2, .seed = 4 });
        QCOMPARE(reloadDataset(s.notes, np, CancelToken()).train.fingerprint(), s.train.fingerprint());
        QVERIFY_THROWS_EXCEPTION(Error, reloadDataset(Json{ { "what", 1 } }, np, CancelToken()));
        QVERIFY_THROWS_EXCEPTION(Error, loadOptionsFromJson(Json{ { "format", "csv" } }, "test"));
    }

    void overviewCounts()
    {
        Dataset d;
        d.name = "tiny";
        d.train = UserItems::fromLists(5, { { 0, 1 }, { 0 }, { 0, 2 } });
        d.validation = UserItems::empty(3, 5);
        d.test = UserItems::fromLists(5, { { 3 }, {}, { 4 } });
        d.balancedTest = UserItems::empty(3, 5);
        const auto o = overview(d);
        QCOMPARE(o.users, 3);
        QCOMPARE(o.items, 5);
        QCOMPARE(o.trainInteractions, std::int64_t(5));
        QCOMPARE(o.testUsers, 2);
        QCOMPARE(o.coldItems, 2);
        QCOMPARE(o.itemPopularity, (std::vector<std::int32_t>{ 3, 1, 1, 0, 0 }));
        QCOMPARE(o.headShare, 3.0 / 5.0); // the top item (20% of 5) holds 3 of 5
        const Json j = toJson(o);
        QCOMPARE(j["train_interactions"].get<int>(), 5);
        QCOMPARE(j["long_tail"].size(), std::size_t(5));
    }
};

QTEST_GUILESS_MAIN(TestPpacData)
#include "tst_ppac_data.moc"
