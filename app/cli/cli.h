#pragma once
// Shared plumbing of vantage-cli: the global options every command sees, output in JSON or for
// people, and the session a command records its run into. Each engine adds its subcommands with
// one add...Commands function.

#include "common/error.h"
#include "common/json.h"
#include "common/params.h"
#include "common/progress.h"
#include "store/session.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace vantage::cli {

class Context {
public:
    bool json = false;
    bool quiet = false;
    std::string sessionPath; // --session FILE: record the run there
    CancelToken cancel; // set by SIGINT / SIGTERM

    // The session named by --session, opened (or created) on first use; nullptr without --session.
    store::Session* session();
    // Progress on stderr for people (a single updating line on a terminal); silent with --json/--quiet.
    Progress& progress();
    // A one-line note on stderr ("note: ..."), for what the user should know about the inputs;
    // silent with --quiet only (with --json, stdout stays JSON).
    void note(const std::string& text) const;

private:
    std::unique_ptr<store::Session> m_session;
    std::unique_ptr<Progress> m_progress;
};

// Output helpers.
void printJson(const Json& value);
void printTable(const std::vector<std::string>& headers, const std::vector<std::vector<std::string>>& rows);
void printKeyValues(const std::vector<std::pair<std::string, std::string>>& rows);

// The numbers of a comma-separated list ("1,2,4"), each read whole and accepted by `valid`, else an
// error for `option` that says what was `expected` ("positive integers").
template <typename T, typename Valid>
std::vector<T> parseNumberList(
    const std::string& text, const std::string& option, const std::string& expected, Valid valid)
{
    std::vector<T> out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const auto comma = text.find(',', pos);
        const std::string item = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        T v{};
        const auto [p, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
        if (item.empty() || ec != std::errc() || p != item.data() + item.size() || !valid(v))
            throw Error::invalidInput("expected a comma-separated list of " + expected + ", got '" + text + "'")
                .forField(option);
        out.push_back(v);
        if (comma == std::string::npos)
            break;
        pos = comma + 1;
    }
    return out;
}

// Parses "8,16,32" into integers; throws Error::invalidInput naming `option`.
std::vector<int> parseIntList(const std::string& text, const std::string& option);

// An option naming a file to write: refused before any work (exit 2) when it is a directory or its
// folder does not exist, so that a command never writes one output and then fails on the next.
CLI::Validator outputFile();

// Every numeric option of every command declares its range with one of these: the value must be
// one number written whole (no trailing text; an integer option takes no fraction, exponent or
// value past its type), finite, and within the range, or the command is refused before any work
// (exit 2) with "--OPTION: must be ...". NaN and infinities are refused even where the range is
// open. `inRange` includes both ends; `greaterThan` excludes the lower one (a rate, a timeout).
template <typename T> CLI::Validator inRange(T min, T max);
template <typename T> CLI::Validator greaterThan(T min, T max = std::numeric_limits<T>::max());

// How a command declares a numeric option: its range is part of the declaration, so that none is
// left unchecked (tst_cli_options walks every command's help and fails on a number without one).
template <typename T>
CLI::Option* addNumber(CLI::App* cmd, const std::string& name, T& value, const std::string& help,
    std::type_identity_t<T> min, std::type_identity_t<T> max)
{
    return cmd->add_option(name, value, help)->check(inRange<T>(min, max));
}
// The same with the lower end excluded (a rate, a timeout: above 0).
template <typename T>
CLI::Option* addNumberAbove(CLI::App* cmd, const std::string& name, T& value, const std::string& help,
    std::type_identity_t<T> min, std::type_identity_t<T> max)
{
    return cmd->add_option(name, value, help)->check(greaterThan<T>(min, max));
}
// The option of one declared field (common/params.h), which `set` receives: its help, its default in --help ("--epochs
// INT:[a whole number from 1 to 1000000]=100"; a flag says
// "[default: on]" or "[default: off]"), its value checked by the field before any work (exit 2,
// "--OPTION: must be ..."). A flag with a negation gets both options, which exclude each other (a
// flag offered only as its negation says the field's own default: "[default: baselines on]").
void addParamOption(CLI::App* cmd, const params::FieldInfo& info, const std::function<void(const params::Value&)>& set);

// The options of every field of `table` that has one, except those whose JSON keys are in `skip`,
// writing into `target` (which starts at the struct's defaults).
template <typename S>
void addParamOptions(
    CLI::App* cmd, const params::Table<S>& table, S& target, std::initializer_list<std::string_view> skip = {})
{
    for (const auto& field : table) {
        const bool offered = !field.info.names.option.empty() || !field.info.negation.option.empty();
        if (!offered || std::find(skip.begin(), skip.end(), field.info.key()) != skip.end())
            continue;
        addParamOption(cmd, field.info, [&target, set = field.set](const params::Value& v) { set(target, v); });
    }
}

// Largest values, for ranges open at the top (a seed, a count that the engine bounds itself).
template <typename T> constexpr T kMaxOf = std::numeric_limits<T>::max();
inline constexpr double kAnyFinite = std::numeric_limits<double>::max();

// The whole command line of vantage-cli: its global options and every engine's commands, writing into
// `ctx`. main() parses argv with it; tests parse with it in-process (tst_cli_options).
std::unique_ptr<CLI::App> buildApp(Context& ctx);
// Called in a catch block, for what parsing and running a command threw (but Cancelled, whose exit
// code is the signal's): prints the help, the version or the error to `out` / `err` and returns the
// exit code: 0 for --help and --version, 2 for bad input (CLI11's refusals, Error::invalidInput), 1
// for any other failure.
int exitOnException(CLI::App& app, std::ostream& out, std::ostream& err);

void addSessionCommands(CLI::App& app, Context& ctx);
void addFtCommands(CLI::App& app, Context& ctx);
// `ft calibrate`, in builds with EDL's process runtime (it measures through it).
void addFtCalibrateCommand(CLI::App* ft, Context& ctx);
void addFtRunCommands(CLI::App* ft, Context& ctx); // ft run, ft validate (ft_run_commands.cpp)
void addDeviceCommands(CLI::App& app, Context& ctx);
void addReportCommands(CLI::App& app, Context& ctx);
// The LibTorch engines' commands, in builds that have them.
void addDgiCommands(CLI::App& app, Context& ctx);
void addEdlCommands(CLI::App& app, Context& ctx);
void addPpacCommands(CLI::App& app, Context& ctx);

namespace detail {

template <typename T> std::string numberText(T v)
{
    std::ostringstream out;
    out << +v;
    return out.str();
}

// The range in words: "a whole number from 1 to 65536", "a number above 0".
template <typename T> std::string rangeText(T min, T max, bool minExclusive)
{
    std::string out = std::is_integral_v<T> ? "a whole number" : "a finite number";
    const bool hasMax = max != std::numeric_limits<T>::max();
    const bool hasMin = min != std::numeric_limits<T>::lowest();
    if (hasMin && hasMax && !minExclusive)
        return out + " from " + numberText(min) + " to " + numberText(max);
    if (hasMin)
        out += (minExclusive ? " above " : " of at least ") + numberText(min);
    if (hasMax)
        out += std::string(hasMin ? " and" : "") + " at most " + numberText(max);
    return out;
}

template <typename T> CLI::Validator numberValidator(T min, T max, bool minExclusive)
{
    static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>);
    const std::string expected = rangeText(min, max, minExclusive);
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            const auto value = params::parseNumberText<T>(text);
            const bool ok = value && (minExclusive ? *value > min : *value >= min) && *value <= max;
            return ok ? std::string() : "must be " + expected + ", got '" + text + "'";
        },
        "[" + expected + "]", "NUMBER");
}

} // namespace detail

template <typename T> CLI::Validator inRange(T min, T max)
{
    return detail::numberValidator<T>(min, max, false);
}

template <typename T> CLI::Validator greaterThan(T min, T max)
{
    return detail::numberValidator<T>(min, max, true);
}

} // namespace vantage::cli
