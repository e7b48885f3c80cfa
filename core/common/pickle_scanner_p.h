#pragma once
// The scanner behind scanPickle (pickle_scan.cpp), private to it.

#include "common/pickle_scan.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace vantage::detail {

// What the scanner knows of a pickled value: strings, integers, globals and flat tuples of them;
// anything else (lists, dicts, objects, nested tuples) is Other, so nothing here nests.
struct PickledValue {
    enum class Kind {
        Str,
        Int,
        Global,
        Tuple,
        Other
    } kind = Kind::Other;
    std::string text; // Str, Global ("torch.FloatStorage")
    std::int64_t number = 0;
    std::vector<std::shared_ptr<const PickledValue>> items; // Tuple of non-tuples
};
using Ref = std::shared_ptr<const PickledValue>;

class PickleScanner {
public:
    PickleScanner(std::string_view pickle, const std::string& source);

    std::vector<PickledStorage> run();

private:
    [[noreturn]] void bad(const std::string& why) const;
    std::string_view take(std::uint64_t n);
    std::uint64_t le(int bytes);
    std::string line();
    Ref pop();
    void push(PickledValue v) { m_stack.push_back(std::make_shared<const PickledValue>(std::move(v))); }
    void pushOther() { push(PickledValue{}); }
    void pushString(std::string_view s)
    {
        push(PickledValue{ .kind = PickledValue::Kind::Str, .text = std::string(s) });
    }
    void pushInt(std::int64_t n) { push(PickledValue{ .kind = PickledValue::Kind::Int, .number = n }); }
    // The values above the last mark, removed with it.
    std::vector<Ref> popToMark();
    void pushTuple(std::vector<Ref> items);
    void memoPut(std::uint64_t index);
    void memoGet(std::uint64_t index);
    void persistentId();
    void popItems(std::size_t n);
    void step(unsigned char op);
    bool scalar(unsigned char op);
    void long1();

    std::string_view m_p;
    const std::string& m_source;
    std::size_t m_at = 0;
    std::vector<Ref> m_stack;
    std::vector<std::size_t> m_marks;
    std::unordered_map<std::uint64_t, Ref> m_memo;
    std::vector<PickledStorage> m_found;
};

} // namespace vantage::detail
