#include "cli.h"

#include "common/error.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <unistd.h>

namespace vantage::cli {

namespace {

class TerminalProgress final : public Progress {
public:
    explicit TerminalProgress(bool tty)
        : m_tty(tty)
    { }
    ~TerminalProgress() override
    {
        if (m_tty && m_printed)
            std::fputs("\r\033[K", stderr);
    }
    void report(double fraction, std::string_view phase) override
    {
        const int pct = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 100.0 + 0.5);
        if (pct == m_lastPct && phase == m_lastPhase)
            return;
        m_lastPct = pct;
        m_lastPhase.assign(phase);
        m_printed = true;
        if (m_tty)
            std::fprintf(stderr, "\r\033[K[%3d%%] %.*s", pct, static_cast<int>(phase.size()), phase.data());
        else if (pct % 25 == 0)
            std::fprintf(stderr, "[%3d%%] %.*s\n", pct, static_cast<int>(phase.size()), phase.data());
        std::fflush(stderr);
    }

private:
    bool m_tty;
    bool m_printed = false;
    int m_lastPct = -1;
    std::string m_lastPhase;
};

} // namespace

store::Session* Context::session()
{
    if (sessionPath.empty())
        return nullptr;
    if (!m_session)
        m_session = std::make_unique<store::Session>(store::Session::openOrCreate(sessionPath));
    return m_session.get();
}

Progress& Context::progress()
{
    if (!m_progress) {
        if (json || quiet)
            m_progress = std::make_unique<NullProgress>();
        else
            m_progress = std::make_unique<TerminalProgress>(::isatty(STDERR_FILENO) != 0);
    }
    return *m_progress;
}

void Context::note(const std::string& text) const
{
    if (quiet || text.empty())
        return;
    // On a terminal the progress line is cleared first, so the note stands on a line of its own.
    std::fprintf(stderr, "%snote: %s\n", !json && ::isatty(STDERR_FILENO) ? "\r\033[K" : "", text.c_str());
    std::fflush(stderr);
}

void printJson(const Json& value)
{
    std::cout << value.dump(2) << '\n';
}

void printTable(const std::vector<std::string>& headers, const std::vector<std::vector<std::string>>& rows)
{
    // Width in code points, so that "µs" and CJK names line up well enough.
    auto width = [](const std::string& s) {
        return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
    };
    std::vector<std::size_t> w(headers.size());
    for (std::size_t i = 0; i < headers.size(); ++i)
        w[i] = width(headers[i]);
    for (const auto& r : rows)
        for (std::size_t i = 0; i < r.size() && i < w.size(); ++i)
            w[i] = std::max(w[i], width(r[i]));
    auto line = [&](const std::vector<std::string>& cells) {
        std::string out;
        for (std::size_t i = 0; i < w.size(); ++i) {
            const std::string& c = i < cells.size() ? cells[i] : std::string();
            out += c;
            if (i + 1 < w.size())
                out += std::string(w[i] - width(c) + 2, ' ');
        }
        while (!out.empty() && out.back() == ' ')
            out.pop_back();
        std::cout << out << '\n';
    };
    line(headers);
    std::vector<std::string> rule;
    for (auto n : w)
        rule.emplace_back(n, '-');
    line(rule);
    for (const auto& r : rows)
        line(r);
}

void printKeyValues(const std::vector<std::pair<std::string, std::string>>& rows)
{
    std::size_t w = 0;
    for (const auto& [k, v] : rows)
        w = std::max(w, k.size());
    for (const auto& [k, v] : rows)
        std::cout << k << ':' << std::string(w - k.size() + 2, ' ') << v << '\n';
}

std::vector<int> parseIntList(const std::string& text, const std::string& option)
{
    return parseNumberList<int>(text, option, "positive integers", [](int v) { return v > 0; });
}

void addParamOption(CLI::App* cmd, const params::FieldInfo& info, const std::function<void(const params::Value&)>& set)
{
    const auto& names = info.names;
    const std::string& help = names.help;
    if (info.type == params::Type::Bool) {
        const std::string shown = std::get<bool>(info.defaultValue) ? " [default: on]" : " [default: off]";
        CLI::Option* yes = nullptr;
        if (!names.option.empty())
            yes = cmd->add_flag_callback(
                names.option, [set] { set(true); }, help + shown);
        if (!info.negation.option.empty()) {
            // Offered as its negation alone, the flag says which way the field itself defaults.
            const std::string own = " [default: " + names.key + (std::get<bool>(info.defaultValue) ? " on]" : " off]");
            auto* no = cmd->add_flag_callback(
                info.negation.option, [set] { set(false); }, info.negation.help + (yes ? "" : own));
            if (yes) {
                no->excludes(yes);
                yes->excludes(no);
            }
        }
        return;
    }
    std::string description;
    if (info.type == params::Type::Enum) {
        for (const auto& c : info.choices)
            description += (description.empty() ? "{" : ",") + c;
        description += "}";
    } else if (!info.rangeText().empty()) {
        description = "[" + info.rangeText() + "]";
    }
    const CLI::Validator check(
        [info](std::string& text) -> std::string {
            const auto parsed = info.parse(text);
            const auto* why = std::get_if<std::string>(&parsed);
            return why ? *why : std::string();
        },
        description);
    const char* typeLabel = info.type == params::Type::Int ? "INT"
        : info.type == params::Type::Double                ? "FLOAT"
        : info.type == params::Type::NumberList            ? "FLOATS"
        : info.type == params::Type::Path                  ? "PATH"
        : info.type == params::Type::Bytes                 ? "SIZE"
                                                           : "TEXT";
    cmd->add_option_function<std::string>(
           names.option, [info, set](const std::string& text) { set(std::get<params::Value>(info.parse(text))); }, help)
        ->type_name(typeLabel)
        ->check(check)
        ->default_str(params::valueText(info.defaultValue));
}

CLI::Validator outputFile()
{
    return CLI::Validator(
        [](std::string& path) -> std::string {
            if (path.empty())
                return {};
            if (path == "-" || path == "/dev/stdout" || path == "/dev/fd/1" || path == "/proc/self/fd/1") {
                // The data goes to standard output: what the command says besides (its summary,
                // its --json result) goes to standard error, so that a pipe gets the file alone.
                std::cout.flush();
                std::cout.rdbuf(std::cerr.rdbuf());
                return {};
            }
            try {
                (void)resolveOutput(path);
            } catch (const Error& e) {
                return e.what();
            }
            return {};
        },
        "FILE");
}

} // namespace vantage::cli
