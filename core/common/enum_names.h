#pragma once
// Enum names from one table per enum: the names written to JSON, the session file and the wire,
// offered by vantage-cli's choices and the pages' combo boxes, and read back. An enum's namespace
// declares its table and makes it known by a function found through the enum's type:
//
//   inline constexpr EnumTable<JobState, 5> kJobStates{ .field = "state", .entries = { { ... } },
//       .what = "job state" };
//   constexpr const auto& enumTable(JobState) { return kJobStates; }
//
// and every name is then read and written by enumName(value) and enumFromName<E>(text).

#include "common/error.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vantage {

// One name of an enum value. The first entry of a value is its canonical name (written, offered);
// later entries are aliases that are only read.
template <typename E> struct EnumName {
    E value;
    std::string_view name;
};

// The names of an enum, with the field an unknown name is reported against and the words the
// error uses for it:
//   unknown job state 'gone' (starting, running, finished, stopped, failed)   [field 'state']
// With a fallback, an unknown name reads as the fallback (no error; a name of a later version)
// and the fallback is named "unknown".
template <typename E, std::size_t N> struct EnumTable {
    std::string_view field; // the JSON key errors name; "" for none
    std::array<EnumName<E>, N> entries;
    std::string_view what = {}; // "op kind"; the field when empty
    std::optional<E> fallback = std::nullopt;

    constexpr std::string_view name(E value) const
    {
        for (const auto& e : entries)
            if (e.value == value)
                return e.name;
        return fallback ? std::string_view("unknown") : entries[0].name;
    }
    constexpr std::optional<E> find(std::string_view text) const
    {
        for (const auto& e : entries)
            if (e.name == text)
                return e.value;
        return std::nullopt;
    }
    // The value of `text`: the fallback for an unknown name where there is one, else
    // Error::invalidInput for the field, listing the canonical names.
    E fromName(std::string_view text) const
    {
        if (auto v = find(text))
            return *v;
        if (fallback)
            return *fallback;
        std::string list;
        for (const auto& n : names())
            list += (list.empty() ? "" : ", ") + n;
        const std::string_view noun = what.empty() ? field : what;
        Error error
            = Error::invalidInput("unknown " + std::string(noun) + " '" + std::string(text) + "' (" + list + ")");
        if (!field.empty())
            error.forField(std::string(field));
        throw error;
    }
    // The names read besides the canonical ones, in the table's order.
    std::vector<std::string> aliases() const
    {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < N; ++i)
            if (entries[i].name != name(entries[i].value))
                out.emplace_back(entries[i].name);
        return out;
    }
    // The canonical names, in the table's order.
    std::vector<std::string> names() const
    {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < N; ++i) {
            bool first = true;
            for (std::size_t j = 0; j < i; ++j)
                first = first && entries[j].value != entries[i].value;
            if (first)
                out.emplace_back(entries[i].name);
        }
        return out;
    }
};

// The canonical name of `value`, from its enum's table.
template <typename E> constexpr std::string_view enumName(E value)
{
    return enumTable(E{}).name(value);
}

// The value named `text` (an alias too); an unknown name throws Error::invalidInput naming the
// table's field and listing the names, or reads as the table's fallback.
template <typename E> E enumFromName(std::string_view text)
{
    return enumTable(E{}).fromName(text);
}

// The canonical names of E, in its table's order (the CLI's choices, a page's combo box).
template <typename E> std::vector<std::string> enumNames()
{
    return enumTable(E{}).names();
}

} // namespace vantage
