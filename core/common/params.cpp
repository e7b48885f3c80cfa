#include "common/params.h"

#include "common/units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace vantage::params {

namespace {

// As vantage-cli has always written numbers in its messages ("1e+06", "0.001").
template <typename T> std::string numberText(T v)
{
    std::ostringstream out;
    out << +v;
    return out.str();
}

// Compares two numbers of a field (both of the field's alternative).
template <typename T> int compare(const T& a, const T& b)
{
    return a < b ? -1 : (b < a ? 1 : 0);
}

int compareValues(const Value& a, const Value& b)
{
    return std::visit(
        [&](const auto& x) -> int {
            using X = std::decay_t<decltype(x)>;
            return compare(x, std::get<X>(b));
        },
        a);
}

template <typename T> std::optional<Value> parseNumber(std::string_view text)
{
    if (const auto value = parseNumberText<T>(text))
        return Value(*value);
    return std::nullopt;
}

// "0,0.5,1": every item a number written whole; nullopt otherwise (the range is checked apart).
std::optional<Value> parseList(std::string_view text)
{
    std::vector<double> out;
    std::size_t pos = 0;
    while (true) {
        const auto comma = text.find(',', pos);
        const auto item
            = parseNumberText<double>(text.substr(pos, comma == std::string_view::npos ? comma : comma - pos));
        if (!item)
            return std::nullopt;
        out.push_back(*item);
        if (comma == std::string_view::npos)
            return Value(std::in_place_type<std::vector<double>>, std::move(out));
        pos = comma + 1;
    }
}

// A size's text as parseByteSize reads it; nullopt when it is not one.
std::optional<Value> parseBytes(std::string_view text)
{
    try {
        return Value(parseByteSize(text));
    } catch (const Error&) {
        return std::nullopt;
    }
}

double asBytes(const Value& value)
{
    const auto* bytes = std::get_if<std::int64_t>(&value);
    return bytes ? static_cast<double>(*bytes) : 0.0;
}

} // namespace

std::string_view typeName(Type type)
{
    switch (type) {
    case Type::Int:
        return "int";
    case Type::Double:
        return "double";
    case Type::Bool:
        return "bool";
    case Type::String:
        return "string";
    case Type::Enum:
        return "enum";
    case Type::Path:
        return "path";
    case Type::NumberList:
        return "numbers";
    case Type::Items:
        return "items";
    case Type::Bytes:
        return "bytes";
    }
    return "string";
}

std::string valueText(const Value& value)
{
    return std::visit(
        [](const auto& x) -> std::string {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<X, std::string>)
                return x;
            else if constexpr (std::is_same_v<X, bool>)
                return x ? "true" : "false";
            else if constexpr (std::is_same_v<X, std::vector<double>>) {
                std::string out;
                for (double v : x)
                    out += (out.empty() ? "" : ",") + numberText(v);
                return out;
            } else if constexpr (std::is_same_v<X, Json>)
                return x.is_null() || x.empty() ? std::string() : x.dump();
            else
                return numberText(x);
        },
        value);
}

Json valueJson(const Value& value)
{
    return std::visit([](const auto& x) { return Json(x); }, value);
}

std::string FieldInfo::rangeText() const
{
    if (type == Type::Enum) {
        std::string out = "one of ";
        for (std::size_t i = 0; i < choices.size(); ++i)
            out += (i == 0 ? "" : ", ") + choices[i];
        return out;
    }
    if (type == Type::Bytes) // "a size from 0 B to 1.0 TiB (512M, 2GiB)"
        return "a size from " + formatBytes(asBytes(min)) + " to " + formatBytes(asBytes(max)) + " (512M, 2GiB)";
    if (type != Type::Int && type != Type::Double && type != Type::NumberList)
        return {};
    std::string out = type == Type::Int ? "a whole number"
        : type == Type::Double          ? "a finite number"
                                        : "comma-separated finite numbers";
    if (!minOpen && !maxOpen && !minExclusive)
        return out + " from " + valueText(min) + " to " + valueText(max);
    if (!minOpen)
        out += (minExclusive ? " above " : " of at least ") + valueText(min);
    if (!maxOpen)
        out += std::string(minOpen ? "" : " and") + " at most " + valueText(max);
    return out;
}

std::optional<std::string> FieldInfo::refusal(const Value& value) const
{
    if (type == Type::Enum) {
        const auto* name = std::get_if<std::string>(&value);
        const auto known = [&](const std::vector<std::string>& names) {
            return name && std::find(names.begin(), names.end(), *name) != names.end();
        };
        if (known(choices) || known(aliases))
            return std::nullopt;
        return "must be " + rangeText() + ", got '" + valueText(value) + "'";
    }
    if (type == Type::NumberList) {
        const auto* list = std::get_if<std::vector<double>>(&value);
        const double lo = std::get<double>(min), hi = std::get<double>(max);
        const auto outside = [&](double v) { return !std::isfinite(v) || (minExclusive ? v <= lo : v < lo) || v > hi; };
        if (list && !list->empty() && std::none_of(list->begin(), list->end(), outside))
            return std::nullopt;
        return "must be " + rangeText() + ", got '" + valueText(value) + "'";
    }
    if (type != Type::Int && type != Type::Double && type != Type::Bytes)
        return std::nullopt;
    if (value.index() != defaultValue.index())
        return "must be " + rangeText() + ", got " + valueText(value);
    if (const auto* real = std::get_if<double>(&value); real && !std::isfinite(*real))
        return "must be " + rangeText() + ", got " + valueText(value); // NaN compares as in range
    const int low = compareValues(value, min);
    const bool ok = (minExclusive ? low > 0 : low >= 0) && compareValues(value, max) <= 0;
    if (ok)
        return std::nullopt;
    return "must be " + rangeText() + ", got " + valueText(value);
}

std::variant<Value, std::string> FieldInfo::parse(std::string_view text) const
{
    std::optional<Value> value;
    switch (type) {
    case Type::Int:
        value = std::holds_alternative<std::uint64_t>(defaultValue) ? parseNumber<std::uint64_t>(text)
                                                                    : parseNumber<std::int64_t>(text);
        break;
    case Type::Double:
        value = parseNumber<double>(text);
        break;
    case Type::Bytes:
        value = parseBytes(text);
        break;
    case Type::Bool:
        if (text == "true" || text == "1")
            value = true;
        else if (text == "false" || text == "0")
            value = false;
        break;
    case Type::String:
    case Type::Enum:
    case Type::Path:
        value = std::string(text);
        break;
    case Type::NumberList:
        value = parseList(text);
        break;
    case Type::Items:
        try {
            return Value(std::in_place_type<Json>, itemsFromText(std::string(text)));
        } catch (const Error& e) { // the option names the field; a file read for it is named
            const std::string line = e.line() ? ":" + std::to_string(*e.line()) : std::string();
            return (e.file() ? *e.file() + line + ": " : std::string()) + e.message();
        }
    }
    const std::string got = "'" + std::string(text) + "'";
    if (!value)
        return "must be " + (type == Type::Bool ? std::string("true or false") : rangeText()) + ", got " + got;
    if (auto why = refusal(*value)) {
        if (type == Type::Enum)
            return *why;
        return "must be " + rangeText() + ", got " + got;
    }
    return *value;
}

Value readValue(const FieldInfo& info, const Json& object, std::string_view where, std::string_view prefix)
{
    const std::string name = std::string(prefix) + info.key();
    const Json& json = vantage::detail::requireObjectKey(object, info.key(), where);
    Value value;
    switch (info.type) {
    case Type::Int:
        if (std::holds_alternative<std::uint64_t>(info.defaultValue))
            value = jsonValue<std::uint64_t>(json, name, where);
        else
            value = jsonValue<std::int64_t>(json, name, where);
        break;
    case Type::Double:
        value = jsonValue<double>(json, name, where);
        break;
    case Type::Bytes: // a whole number of bytes, or a size's text ("2GiB")
        if (json.is_string()) {
            const auto bytes = parseBytes(json.get<std::string>());
            if (!bytes)
                vantage::detail::throwFieldError(name, where, "must be " + info.rangeText() + ", got " + json.dump());
            value = *bytes;
        } else {
            value = jsonValue<std::int64_t>(json, name, where);
        }
        break;
    case Type::Bool:
        value = jsonValue<bool>(json, name, where);
        break;
    case Type::String:
    case Type::Enum:
    case Type::Path:
        value = jsonValue<std::string>(json, name, where);
        break;
    case Type::NumberList:
        value.emplace<std::vector<double>>(jsonValue<std::vector<double>>(json, name, where));
        break;
    case Type::Items:
        try {
            value.emplace<Json>(info.itemsFromJson(json));
        } catch (Error& e) {
            e.forField(name);
            throw;
        }
        break;
    }
    // An enum's aliases are read too: its table, in the field's setter, has the last word.
    if (info.type != Type::Enum)
        if (auto why = info.refusal(value))
            vantage::detail::throwFieldError(name, where, *why);
    return value;
}

} // namespace vantage::params
