// The op tables of DGI's model readers (core/dgi/op_table.*): op names normalised as PyTorch's
// normalize_ops pass does, a table keyed by canonical names, and the TorchScript import's table
// (every alias lands on an op it maps, every key is canonical).

#include "dgi/op_table.h"
#include "dgi/torchscript_import.h"

#include <QTest>

#include <algorithm>
#include <set>

using namespace vantage;
using namespace vantage::dgi;

namespace {

// A reader's state for the generic table: the ops its handlers saw, in order.
struct Seen {
    std::vector<std::string> ops;
};

struct Op {
    std::string name;
};

void onAdd(Seen& s, const Op& op)
{
    s.ops.push_back("add:" + op.name);
}

void onRelu(Seen& s, const Op& op)
{
    s.ops.push_back("relu:" + op.name);
}

// What a reader does with an op: normalise its name, then find the canonical op's handler.
bool dispatch(const OpTable<Seen, Op>& table, Seen& seen, const std::string& name)
{
    const auto handler = table.find(canonicalOp(name).name);
    if (!handler)
        return false;
    handler(seen, Op{ name });
    return true;
}

} // namespace

class TestDgiOpTable : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void canonicalNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("canonical");
        QTest::addColumn<bool>("inPlace");
        QTest::newRow("functional") << "aten::add"
                                    << "aten::add" << false;
        QTest::newRow("in place") << "aten::add_"
                                  << "aten::add" << true;
        QTest::newRow("relu_") << "aten::relu_"
                               << "aten::relu" << true;
        QTest::newRow("index_put_") << "aten::index_put_"
                                    << "aten::index_put" << true;
        QTest::newRow("alias") << "aten::absolute"
                               << "aten::abs" << false;
        QTest::newRow("alias in place") << "aten::absolute_"
                                        << "aten::abs" << true;
        QTest::newRow("clip_") << "aten::clip_"
                               << "aten::clamp" << true;
        QTest::newRow("true_divide") << "aten::true_divide"
                                     << "aten::div" << false;
        QTest::newRow("greater_equal") << "aten::greater_equal"
                                       << "aten::ge" << false;
        QTest::newRow("concatenate") << "aten::concatenate"
                                     << "aten::cat" << false;
        QTest::newRow("unsafe_chunk") << "aten::unsafe_chunk"
                                      << "aten::chunk" << false;
        QTest::newRow("unsafe_split") << "aten::unsafe_split"
                                      << "aten::split" << false;
        QTest::newRow("overload") << "aten::scatter_reduce.two"
                                  << "aten::scatter_reduce" << false;
        QTest::newRow("overload in place") << "aten::scatter_add_.default"
                                           << "aten::scatter_add" << true;
        QTest::newRow("overload of an alias") << "aten::subtract.Tensor"
                                              << "aten::sub" << false;
        QTest::newRow("dunder and") << "aten::__and__"
                                    << "aten::__and__" << false;
        QTest::newRow("dunder getitem") << "aten::__getitem__"
                                        << "aten::__getitem__" << false;
        QTest::newRow("leading underscore") << "aten::_set_item"
                                            << "aten::_set_item" << false;
        QTest::newRow("prim") << "prim::Constant"
                              << "prim::Constant" << false;
        QTest::newRow("prim, not aten") << "prim::is_cuda"
                                        << "prim::is_cuda" << false;
        QTest::newRow("not an op") << "aten::"
                                   << "aten::" << false;
    }
    void canonicalNames()
    {
        QFETCH(QString, name);
        QFETCH(QString, canonical);
        QFETCH(bool, inPlace);
        const CanonicalOp op = canonicalOp(name.toStdString());
        QCOMPARE(QString::fromStdString(op.name), canonical);
        QCOMPARE(op.inPlace, inPlace);
    }

    void aliasesAreNotCanonical()
    {
        for (const auto& [alias, canonical] : opAliases()) {
            QVERIFY2(canonicalOp(canonical).name == canonical, canonical.c_str()); // one pass is enough
            QVERIFY2(alias != canonical, alias.c_str());
        }
    }

    void everyAliasMapsToAnImportedOp()
    {
        const std::vector<std::string> ops = torchScriptOps();
        const std::set<std::string> mapped(ops.begin(), ops.end());
        QVERIFY(!opAliases().empty());
        for (const auto& [alias, canonical] : opAliases()) {
            QVERIFY2(mapped.count(canonicalOp(alias).name), alias.c_str());
            QVERIFY2(!mapped.count(alias), alias.c_str()); // a key that normalisation never looks up
            const std::string inPlace = alias + "_";
            QVERIFY2(mapped.count(canonicalOp(inPlace).name), inPlace.c_str());
        }
    }

    void importedOpsAreCanonicalAndSorted()
    {
        const std::vector<std::string> ops = torchScriptOps();
        QVERIFY(std::is_sorted(ops.begin(), ops.end()));
        QVERIFY(std::adjacent_find(ops.begin(), ops.end()) == ops.end());
        for (const std::string& op : ops) {
            const CanonicalOp c = canonicalOp(op);
            QVERIFY2(c.name == op && !c.inPlace, op.c_str());
        }
    }

    void importedOps_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<bool>("mapped");
        for (const char* op : { "aten::index_select", "aten::index_add", "aten::scatter_add", "aten::scatter_reduce",
                 "aten::bincount", "aten::linear", "aten::matmul", "aten::add", "aten::rsub", "aten::relu",
                 "aten::leaky_relu", "aten::softmax", "aten::log_softmax", "aten::gt", "aten::where",
                 "aten::masked_fill", "aten::full_like", "aten::batch_norm", "aten::layer_norm", "aten::gru_cell",
                 "aten::split", "aten::chunk", "prim::Constant", "prim::If", "prim::Loop", "prim::is_cuda" })
            QTest::newRow(op) << op << true;
        // Not message passing, or aliases and in-place forms that only their canonical op stands for.
        for (const char* op : { "aten::sort", "aten::topk", "aten::nonzero", "aten::add_", "aten::relu_",
                 "aten::absolute", "aten::unsafe_split", "aten::index_add_" })
            QTest::newRow(op) << op << false;
    }
    void importedOps()
    {
        QFETCH(QString, op);
        QFETCH(bool, mapped);
        const std::vector<std::string> ops = torchScriptOps();
        QCOMPARE(std::binary_search(ops.begin(), ops.end(), op.toStdString()), mapped);
    }

    void aReaderDispatchesByCanonicalName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("seen"); // empty: no handler
        QTest::newRow("canonical") << "aten::add"
                                   << "add:aten::add";
        QTest::newRow("in place") << "aten::add_"
                                  << "add:aten::add_";
        QTest::newRow("overload") << "aten::add.Tensor"
                                  << "add:aten::add.Tensor";
        QTest::newRow("relu_") << "aten::relu_"
                               << "relu:aten::relu_";
        QTest::newRow("unknown") << "aten::sort"
                                 << "";
        QTest::newRow("other namespace") << "prim::add"
                                         << "";
    }
    void aReaderDispatchesByCanonicalName()
    {
        QFETCH(QString, name);
        QFETCH(QString, seen);
        OpTable<Seen, Op> table;
        table.add("aten::relu", onRelu);
        table.add("aten::add", onAdd);
        QCOMPARE(table.ops(), (std::vector<std::string>{ "aten::add", "aten::relu" }));
        Seen s;
        QCOMPARE(dispatch(table, s, name.toStdString()), !seen.isEmpty());
        QCOMPARE(s.ops.size(), seen.isEmpty() ? std::size_t{ 0 } : std::size_t{ 1 });
        if (!seen.isEmpty())
            QCOMPARE(QString::fromStdString(s.ops.front()), seen);
    }
};

QTEST_GUILESS_MAIN(TestDgiOpTable)
#include "tst_dgi_op_table.moc"
