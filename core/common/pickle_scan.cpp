#include "common/pickle_scan.h"
#include "common/pickle_scanner_p.h"

#include "common/error.h"

#include <cstring>
#include <memory>
#include <unordered_map>

namespace vantage {

namespace {

constexpr std::size_t kMaxMemo = 1u << 24;

std::uint64_t elementBytesOf(const std::string& type)
{
    static const std::unordered_map<std::string, std::uint64_t> bytes
        = { { "FloatStorage", 4 }, { "DoubleStorage", 8 }, { "HalfStorage", 2 }, { "BFloat16Storage", 2 },
              { "LongStorage", 8 }, { "IntStorage", 4 }, { "ShortStorage", 2 }, { "CharStorage", 1 },
              { "ByteStorage", 1 }, { "BoolStorage", 1 }, { "ComplexHalfStorage", 4 }, { "ComplexFloatStorage", 8 },
              { "ComplexDoubleStorage", 16 }, { "QInt8Storage", 1 }, { "QUInt8Storage", 1 }, { "QInt32Storage", 4 } };
    const auto it = bytes.find(type);
    return it == bytes.end() ? 1 : it->second;
}

} // namespace

// ---- PickleScanner -----------------------------------------------------------------------------------

namespace detail {

PickleScanner::PickleScanner(std::string_view pickle, const std::string& source)
    : m_p(pickle)
    , m_source(source)
{ }

std::vector<PickledStorage> PickleScanner::run()
{
    while (true) {
        if (m_at >= m_p.size())
            bad("it ends without STOP");
        const auto op = static_cast<unsigned char>(m_p[m_at++]);
        if (op == '.')
            return std::move(m_found);
        step(op);
    }
}

[[noreturn]] void PickleScanner::bad(const std::string& why) const
{
    throw Error::invalidInput("a pickle of the archive cannot be followed at byte " + std::to_string(m_at) + ": " + why
        + " (a TorchScript archive's pickles are written by torch.jit.save)")
        .inFile(m_source);
}

std::string_view PickleScanner::take(std::uint64_t n)
{
    if (n > m_p.size() - m_at)
        bad("a value runs past its end");
    const auto v = m_p.substr(m_at, static_cast<std::size_t>(n));
    m_at += static_cast<std::size_t>(n);
    return v;
}

std::uint64_t PickleScanner::le(int bytes)
{
    const std::string_view b = take(static_cast<std::uint64_t>(bytes));
    std::uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i)
        v = (v << 8) | static_cast<unsigned char>(b[static_cast<std::size_t>(i)]);
    return v;
}

std::string PickleScanner::line()
{
    const auto nl = m_p.find('\n', m_at);
    if (nl == std::string_view::npos || nl - m_at > 4096)
        bad("a GLOBAL's name has no end");
    std::string s(m_p.substr(m_at, nl - m_at));
    m_at = nl + 1;
    return s;
}

Ref PickleScanner::pop()
{
    if (m_stack.empty() || (!m_marks.empty() && m_stack.size() <= m_marks.back()))
        bad("the stack is empty");
    Ref v = std::move(m_stack.back());
    m_stack.pop_back();
    return v;
}

std::vector<Ref> PickleScanner::popToMark()
{
    if (m_marks.empty())
        bad("no MARK to pop to");
    const std::size_t mark = m_marks.back();
    m_marks.pop_back();
    std::vector<Ref> items(m_stack.begin() + static_cast<std::ptrdiff_t>(mark), m_stack.end());
    m_stack.resize(mark);
    return items;
}

void PickleScanner::pushTuple(std::vector<Ref> items)
{
    PickledValue t{ .kind = PickledValue::Kind::Tuple };
    for (auto& i : items)
        t.items.push_back(i->kind == PickledValue::Kind::Tuple ? std::make_shared<const PickledValue>() : std::move(i));
    push(std::move(t));
}

void PickleScanner::memoPut(std::uint64_t index)
{
    if (m_stack.empty())
        bad("a memo entry of an empty stack");
    if (index >= kMaxMemo)
        bad("a memo index of " + std::to_string(index));
    m_memo[index] = m_stack.back();
}

void PickleScanner::memoGet(std::uint64_t index)
{
    const auto it = m_memo.find(index);
    if (it == m_memo.end())
        bad("memo entry " + std::to_string(index) + " was never stored");
    m_stack.push_back(it->second);
}

void PickleScanner::persistentId()
{
    const Ref pid = pop();
    pushOther();
    if (pid->kind != PickledValue::Kind::Tuple || pid->items.size() < 5 || pid->items[0]->text != "storage")
        return;
    const auto& it = pid->items;
    if (it[1]->kind != PickledValue::Kind::Global || it[2]->kind != PickledValue::Kind::Str
        || it[4]->kind != PickledValue::Kind::Int)
        bad("a storage's id is not (storage, type, key, location, count)");
    if (it[4]->number < 0)
        bad("a storage of " + std::to_string(it[4]->number) + " elements");
    std::string type = it[1]->text;
    if (const auto dot = type.rfind('.'); dot != std::string::npos)
        type = type.substr(dot + 1);
    m_found.push_back({ .key = it[2]->text,
        .type = type,
        .elements = static_cast<std::uint64_t>(it[4]->number),
        .elementBytes = elementBytesOf(type) });
}

void PickleScanner::popItems(std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i)
        pop();
}

// Opcodes that push one value read from the pickle itself (numbers, strings, globals), or skip bytes.
bool PickleScanner::scalar(unsigned char op)
{
    switch (op) {
    case 0x80:
        take(1);
        return true; // PROTO
    case 0x95:
        take(8);
        return true; // FRAME
    case 'c': { // GLOBAL module\nname\n
        std::string module = line();
        push(PickledValue{ .kind = PickledValue::Kind::Global, .text = module + "." + line() });
        return true;
    }
    case 0x93: { // STACK_GLOBAL
        const Ref name = pop(), module = pop();
        push(PickledValue{ .kind = PickledValue::Kind::Global, .text = module->text + "." + name->text });
        return true;
    }
    case 'K':
        pushInt(static_cast<std::int64_t>(le(1)));
        return true;
    case 'M':
        pushInt(static_cast<std::int64_t>(le(2)));
        return true;
    case 'J':
        pushInt(static_cast<std::int32_t>(le(4)));
        return true;
    case 0x8a:
        long1();
        return true;
    case 'G':
        take(8), pushOther();
        return true; // BINFLOAT
    case 'X':
    case 'B':
        pushString(take(le(4)));
        return true; // BINUNICODE, BINBYTES
    case 0x8c:
    case 'C':
        pushString(take(le(1)));
        return true; // SHORT_BINUNICODE, SHORT_BINBYTES
    case 0x8d:
    case 0x8e:
        pushString(take(le(8)));
        return true; // BINUNICODE8, BINBYTES8
    case '}':
    case ']':
    case 'N':
    case 0x88:
    case 0x89:
        pushOther();
        return true; // EMPTY_DICT, EMPTY_LIST, NONE, NEWTRUE, NEWFALSE
    default:
        return false;
    }
}

// LONG1: n bytes, little-endian, two's complement; past 8 bytes it is no count of ours.
void PickleScanner::long1()
{
    const auto n = static_cast<int>(le(1));
    if (n > 8) {
        take(static_cast<std::uint64_t>(n));
        pushOther();
        return;
    }
    std::uint64_t v = n == 0 ? 0 : le(n);
    if (n > 0 && n < 8 && (v >> (8 * n - 1)) & 1)
        v |= ~std::uint64_t{ 0 } << (8 * n);
    pushInt(static_cast<std::int64_t>(v));
}

// Opcodes that move values: the memo, marks, tuples, containers and what consumes them.
void PickleScanner::step(unsigned char op)
{
    if (scalar(op))
        return;
    switch (op) {
    case 'q':
        memoPut(le(1));
        return;
    case 'r':
        memoPut(le(4));
        return;
    case 0x94:
        memoPut(m_memo.size());
        return; // MEMOIZE
    case 'h':
        memoGet(le(1));
        return;
    case 'j':
        memoGet(le(4));
        return;
    case '(':
        m_marks.push_back(m_stack.size());
        return;
    case 't':
        pushTuple(popToMark());
        return;
    case ')':
        pushTuple({});
        return;
    case 0x85:
    case 0x86:
    case 0x87: { // TUPLE1..3
        std::vector<Ref> items(op - 0x84u);
        for (auto i = items.size(); i-- > 0;)
            items[i] = pop();
        pushTuple(std::move(items));
        return;
    }
    case 'd':
    case 'l':
        popToMark(), pushOther();
        return; // DICT, LIST
    case 'e':
    case 'u': // APPENDS, SETITEMS: the container stays below the mark
        popToMark();
        if (m_stack.empty())
            bad("items for no container");
        return;
    case 'a':
        popItems(1);
        return; // APPEND
    case 's':
        popItems(2);
        return; // SETITEM
    case 'b':
        popItems(1);
        return; // BUILD
    case 'R':
    case 0x81:
        popItems(2), pushOther();
        return; // REDUCE, NEWOBJ
    case 'Q':
        persistentId();
        return; // BINPERSID
    default:
        break;
    }
    --m_at;
    bad("opcode 0x" + std::string(1, "0123456789abcdef"[op >> 4]) + std::string(1, "0123456789abcdef"[op & 15])
        + ", which torch.jit.save does not write");
}

} // namespace detail

std::vector<PickledStorage> pickledStorages(std::string_view pickle, const std::string& source)
{
    return detail::PickleScanner(pickle, source).run();
}

} // namespace vantage
