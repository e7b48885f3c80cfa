#pragma once
// One struct's fields from "key=value,key=value" text through its params table (common/params.h):
// a parallel strategy ("tp=8,pp=8,recompute=selective") or a model's shape on one command line.

#include "common/params.h"

#include <algorithm>
#include <string>
#include <string_view>

namespace vantage::params {

// Reads "key=value,key=value" (a strategy or a model's shape on one command line) into `out`: each
// key a field's JSON key, each value read as FieldInfo::parse reads a command line's text (a flag
// also as on / off). Error::invalidInput naming the field and `what` ("strategy") for an unknown
// key, a missing '=', a value out of range; absent fields keep their value.
template <typename S> void readKeyValues(const Table<S>& table, std::string_view text, S& out, std::string_view what)
{
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t end = std::min(text.find(',', at), text.size());
        const std::string_view item = text.substr(at, end - at);
        at = end + 1;
        if (item.empty())
            continue;
        const std::size_t eq = item.find('=');
        const std::string key(item.substr(0, eq));
        const Field<S>* field = find(table, key);
        if (!field) {
            std::string keys;
            for (const auto& f : table)
                keys += (keys.empty() ? "" : ", ") + f.info.key();
            throw Error::invalidInput(std::string(what) + ": unknown field '" + key + "' (" + keys + ")").forField(key);
        }
        if (eq == std::string_view::npos)
            throw Error::invalidInput(std::string(what) + ": give " + key + "=VALUE").forField(key);
        std::string value(item.substr(eq + 1));
        if (field->info.type == Type::Bool && (value == "on" || value == "off"))
            value = value == "on" ? "true" : "false";
        auto parsed = field->info.parse(value);
        if (auto* why = std::get_if<std::string>(&parsed))
            throw Error::invalidInput(std::string(what) + ": " + key + " " + *why).forField(key);
        field->set(out, std::get<Value>(parsed));
    }
}

} // namespace vantage::params
