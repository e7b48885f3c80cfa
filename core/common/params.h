#pragma once
// Parameters declared once, as QGIS Processing declares an algorithm's parameters for its dialog
// and for qgis_process alike: a table of fields per engine request (name, type, unit, range, help),
// from which vantage-cli adds its options (app/cli/cli.h addParamOptions), the request reads and
// writes its JSON (readJson, toJson) and a page configures its inputs (app/gui/param_widgets.h).
// A field's default is the struct's own initializer, read from a default-constructed struct, so
// that the struct, the CLI, the JSON and the page cannot disagree. Enum names come from one
// EnumTable per enum (common/enum_names.h).
//
//   const params::Table<TrainOptions> table = {
//       params::number(&TrainOptions::epochs, { "epochs", "--epochs", "Most epochs" }, 1, 1000000),
//       params::choice(&TrainOptions::architecture,
//           { "architecture", "--architecture", "Base architecture" }, kBaseModels) };

#include "common/enum_names.h"
#include "common/error.h"
#include "common/json.h"

#include <array>
#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

// Marks a field's help text for translation: the GUI shows it as a tooltip through
// QCoreApplication::translate(context, text), and lupdate extracts it (translations/CMakeLists.txt
// names this macro an alias of QT_TRANSLATE_NOOP; core has no Qt). The context of every field's help
// is "Params".
#define VANTAGE_TRANSLATE_NOOP(context, text) text

namespace vantage::params {

// Enum names come from one table per enum (common/enum_names.h).
using vantage::EnumName;
using vantage::EnumTable;

enum class Type {
    Int,
    Double,
    Bool,
    String,
    Enum,
    Path,
    NumberList, // reals, comma-separated on the command line, an array in JSON (a sweep of γ)
    Items, // the struct's own kind of list (a schedule, host entries): text on the command line, JSON objects
    Bytes // a size in bytes: a whole number in JSON, "512M" or "2GiB" on the command line and in a page
};
std::string_view typeName(Type type);

// A field's value: whole numbers and byte sizes as int64 (uint64 for seeds), reals as double, enums
// and paths as their text, a list of reals as such, items as the JSON they are written as.
using Value = std::variant<bool, std::int64_t, std::uint64_t, double, std::string, std::vector<double>, Json>;
std::string valueText(const Value& value); // "100", "0.001", "true", "holdout", "0,0.5"; items: "" when none
Json valueJson(const Value& value);

// How a field is named: its JSON key (also the field errors name), its CLI option ("" when the
// CLI offers none), what it means and its unit ("s", "MiB"; "" for a count or a plain number).
struct Names {
    std::string key;
    std::string option;
    std::string help;
    std::string unit = {};
};

// A flag's opposite on the command line ("--base": train without PPAC's branches).
struct Negation {
    std::string option;
    std::string help;
};

// What a field is, without the struct it belongs to: what the CLI and the pages read.
struct FieldInfo {
    Names names;
    Type type = Type::Int;
    Value defaultValue;
    Value min; // numbers: the range, both ends included unless minExclusive
    Value max;
    bool minExclusive = false;
    bool minOpen = false; // the type's lowest value: no lower end
    bool maxOpen = false; // the type's largest value: no upper end
    std::vector<std::string> choices; // Enum: the canonical names
    std::vector<std::string> aliases; // Enum: other names read as well ("cross-entropy")
    Negation negation; // Bool: the CLI option that turns it off; none when its option is empty
    // Items: the value of a command line's text (a schedule, a host file's path) and of JSON, as
    // the JSON it is written as; Error::invalidInput says what is wrong.
    std::function<Json(const std::string&)> itemsFromText;
    std::function<Json(const Json&)> itemsFromJson;

    const std::string& key() const { return names.key; }
    // "a whole number from 1 to 1000000", "a finite number above 0", "comma-separated finite numbers
    // from -1e+06 to 1e+06"; "" for a field without range.
    std::string rangeText() const;
    // Why `value` is refused ("must be a whole number from 1 to 1000000, got 0"); nullopt when it is fine.
    std::optional<std::string> refusal(const Value& value) const;
    // The value a command line's text stands for, or why it is refused ("must be ..., got 'x'"):
    // a number written whole (no trailing text; an integer takes no fraction or exponent), finite,
    // in range; an enum's name (an alias too); a list of such numbers; items their text stands for; a
    // byte size as parseByteSize reads it ("1048576", "512M", "2GiB").
    std::variant<Value, std::string> parse(std::string_view text) const;
};

template <typename S> struct Field {
    FieldInfo info;
    std::function<Value(const S&)> get;
    std::function<void(S&, const Value&)> set; // the value is of the field's type and in range
};

// A number as a user writes it ("64", "+64", "1e-3"), the whole text, finite: nullopt otherwise.
// The one parser of numbers for the CLI's options and the fields' text (FieldInfo::parse).
template <typename T> std::optional<T> parseNumberText(std::string_view text)
{
    static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>);
    const char* first = text.data();
    const char* last = text.data() + text.size();
    if (first != last && *first == '+')
        ++first;
    T value{};
    const auto [end, ec] = std::from_chars(first, last, value);
    if (first == last || ec != std::errc() || end != last)
        return std::nullopt;
    if constexpr (std::is_floating_point_v<T>)
        if (!std::isfinite(value))
            return std::nullopt;
    return value;
}

template <typename S> using Table = std::vector<Field<S>>;

namespace detail {

template <typename M> Value toValue(M v)
{
    if constexpr (std::is_same_v<M, bool>)
        return v;
    else if constexpr (std::is_same_v<M, std::uint64_t>)
        return v;
    else if constexpr (std::is_integral_v<M>)
        return static_cast<std::int64_t>(v);
    else
        return static_cast<double>(v);
}

template <typename M> M fromValue(const Value& v)
{
    return std::visit(
        [](const auto& x) -> M {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_arithmetic_v<X>)
                return static_cast<M>(x);
            else
                return M{};
        },
        v);
}

} // namespace detail

// Where a field lives in its struct: a member, or a member of a member
// (`params::at(&SearchRequest::options, &SearchOptions::epsilon)`).
template <typename S, typename M> struct Path {
    std::function<M&(S&)> ref;
    M& operator()(S& s) const { return ref(s); }
    M operator()(const S& s) const { return ref(const_cast<S&>(s)); } // read only
    M ofDefault() const
    {
        S s{};
        return ref(s);
    }
};

template <typename S, typename M> Path<S, M> at(M S::*member)
{
    return { [member](S& s) -> M& { return s.*member; } };
}
template <typename S, typename A, typename... Rest> auto at(A S::*outer, Rest... rest)
{
    auto inner = at(rest...);
    using M = std::remove_reference_t<decltype(inner(std::declval<A&>()))>;
    return Path<S, M>{ [outer, inner](S& s) -> M& { return inner(s.*outer); } };
}

// A number (int, int64, uint64, double) in [min, max], or (min, max] with `minExclusive`.
template <typename S, typename M>
requires std::is_arithmetic_v<M> &&(!std::is_same_v<M, bool>)Field<S> number(
    Path<S, M> path, Names names, std::type_identity_t<M> min, std::type_identity_t<M> max, bool minExclusive = false)
{
    FieldInfo info{ .names = std::move(names),
        .type = std::is_integral_v<M> ? Type::Int : Type::Double,
        .defaultValue = detail::toValue(path.ofDefault()),
        .min = detail::toValue(min),
        .max = detail::toValue(max),
        .minExclusive = minExclusive,
        .minOpen = min == std::numeric_limits<M>::lowest(),
        .maxOpen = max == std::numeric_limits<M>::max() };
    return { std::move(info), [path](const S& s) { return detail::toValue(path(s)); },
        [path](S& s, const Value& v) { path(s) = detail::fromValue<M>(v); } };
}
template <typename S, typename M>
requires std::is_arithmetic_v<M> &&(!std::is_same_v<M, bool>)Field<S> number(
    M S::*member, Names names, std::type_identity_t<M> min, std::type_identity_t<M> max, bool minExclusive = false)
{
    return number(at(member), std::move(names), min, max, minExclusive);
}

// A size in bytes in [min, max] (a memory budget): written to JSON as a whole number of bytes, read
// from JSON as one or as a size's text, and from the command line and a page's text as a size.
template <typename S> Field<S> bytes(Path<S, std::int64_t> path, Names names, std::int64_t min, std::int64_t max)
{
    FieldInfo info{
        .names = std::move(names), .type = Type::Bytes, .defaultValue = path.ofDefault(), .min = min, .max = max
    };
    return { std::move(info), [path](const S& s) { return Value(path(s)); },
        [path](S& s, const Value& v) { path(s) = std::get<std::int64_t>(v); } };
}
template <typename S> Field<S> bytes(std::int64_t S::*member, Names names, std::int64_t min, std::int64_t max)
{
    return bytes(at(member), std::move(names), min, max);
}

// A flag: its CLI option sets it, `negation`'s clears it.
template <typename S> Field<S> flag(Path<S, bool> path, Names names, Negation negation = {})
{
    FieldInfo info{
        .names = std::move(names), .type = Type::Bool, .defaultValue = path.ofDefault(), .negation = std::move(negation)
    };
    return { std::move(info), [path](const S& s) { return Value(path(s)); },
        [path](S& s, const Value& v) { path(s) = std::get<bool>(v); } };
}
template <typename S> Field<S> flag(bool S::*member, Names names, Negation negation = {})
{
    return flag(at(member), std::move(names), std::move(negation));
}

// A text: Type::String, or Type::Path for a file or folder.
template <typename S, typename M> Field<S> text(Path<S, M> path, Names names, Type type = Type::String)
{
    FieldInfo info{ .names = std::move(names), .type = type, .defaultValue = std::string(path.ofDefault()) };
    return { std::move(info), [path](const S& s) { return Value(std::string(path(s))); },
        [path](S& s, const Value& v) { path(s) = M(std::get<std::string>(v)); } };
}
template <typename S, typename M> Field<S> text(M S::*member, Names names, Type type = Type::String)
{
    return text(at(member), std::move(names), type);
}

// An enum, read and written by its names in `table` (which must outlive the field).
template <typename S, typename E, std::size_t N>
Field<S> choice(Path<S, E> path, Names names, const EnumTable<E, N>& table)
{
    FieldInfo info{ .names = std::move(names),
        .type = Type::Enum,
        .defaultValue = std::string(table.name(path.ofDefault())),
        .choices = table.names(),
        .aliases = table.aliases() };
    return { std::move(info), [path, &table](const S& s) { return Value(std::string(table.name(path(s)))); },
        [path, &table](S& s, const Value& v) { path(s) = table.fromName(std::get<std::string>(v)); } };
}
template <typename S, typename E, std::size_t N>
Field<S> choice(E S::*member, Names names, const EnumTable<E, N>& table)
{
    return choice(at(member), std::move(names), table);
}

// A list of reals, each in [min, max], at least one: "0,0.5,1" on the command line, [0, 0.5, 1] in JSON.
template <typename S> Field<S> numbers(Path<S, std::vector<double>> path, Names names, double min, double max)
{
    FieldInfo info{ .names = std::move(names),
        .type = Type::NumberList,
        .defaultValue = Value(std::in_place_type<std::vector<double>>, path.ofDefault()),
        .min = min,
        .max = max,
        .minOpen = min == std::numeric_limits<double>::lowest(),
        .maxOpen = max == std::numeric_limits<double>::max() };
    return { std::move(info), [path](const S& s) { return Value(std::in_place_type<std::vector<double>>, path(s)); },
        [path](S& s, const Value& v) { path(s) = std::get<std::vector<double>>(v); } };
}
template <typename S> Field<S> numbers(std::vector<double> S::*member, Names names, double min, double max)
{
    return numbers(at(member), std::move(names), min, max);
}

// How a field of items is read and written: from the command line's text (which may name a file),
// from JSON and to JSON. The readers throw Error::invalidInput saying what is wrong.
template <typename M> struct ItemsCodec {
    std::function<M(const std::string&)> fromText;
    std::function<M(const Json&)> fromJson;
    std::function<Json(const M&)> toJson;
};

// A list of the struct's own items (a schedule, host entries), read and written by `codec`.
template <typename S, typename M> Field<S> items(Path<S, M> path, Names names, ItemsCodec<M> codec)
{
    FieldInfo info{ .names = std::move(names),
        .type = Type::Items,
        .defaultValue = Value(std::in_place_type<Json>, codec.toJson(path.ofDefault())) };
    info.itemsFromText = [codec](const std::string& text) { return codec.toJson(codec.fromText(text)); };
    info.itemsFromJson = [codec](const Json& j) { return codec.toJson(codec.fromJson(j)); };
    return { std::move(info),
        [path, codec](const S& s) { return Value(std::in_place_type<Json>, codec.toJson(path(s))); },
        [path, codec](S& s, const Value& v) { path(s) = codec.fromJson(std::get<Json>(v)); } };
}
template <typename S, typename M> Field<S> items(M S::*member, Names names, ItemsCodec<M> codec)
{
    return items(at(member), std::move(names), std::move(codec));
}

// The field of `table` with this JSON key; nullptr when there is none.
template <typename S> const Field<S>* find(const Table<S>& table, std::string_view key)
{
    for (const auto& f : table)
        if (f.info.key() == key)
            return &f;
    return nullptr;
}

// Reads one field's JSON value: the type and the range are checked, an error names the field
// (`prefix` + its key: "timeouts.step_s" for a table nested under "timeouts") and `where` ("run
// parameters").
Value readValue(const FieldInfo& info, const Json& object, std::string_view where, std::string_view prefix = {});

// Reads every field present in `object` into `out` (absent fields keep their value). A table read
// from an object nested in another names its fields with `prefix` ("timeouts.").
template <typename S>
void readJson(const Table<S>& table, const Json& object, S& out, std::string_view where, std::string_view prefix = {})
{
    if (!object.is_object())
        return;
    for (const auto& f : table) {
        if (!object.contains(f.info.key()))
            continue;
        const Value value = readValue(f.info, object, where, prefix);
        if (f.info.type != Type::Enum || prefix.empty()) {
            f.set(out, value);
            continue;
        }
        try { // an enum's aliases are read by its table, which names the field without the prefix
            f.set(out, value);
        } catch (Error& e) {
            e.forField(std::string(prefix) + f.info.key());
            throw;
        }
    }
}

// Checks every field of `value` against its range (a struct filled in code, not read from JSON):
// Error::invalidInput naming the field (`prefix` + its key) for the first one out of range.
template <typename S> void checkRanges(const Table<S>& table, const S& value, std::string_view prefix = {})
{
    for (const auto& f : table)
        if (auto why = f.info.refusal(f.get(value)))
            throw Error::invalidInput(*why).forField(std::string(prefix) + f.info.key());
}

// Every field, by its key.
template <typename S> Json toJson(const Table<S>& table, const S& value)
{
    Json out = Json::object();
    for (const auto& f : table)
        out[f.info.key()] = valueJson(f.get(value));
    return out;
}

} // namespace vantage::params
