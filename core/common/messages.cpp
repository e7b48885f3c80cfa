#include "common/messages.h"

namespace vantage {

namespace {

std::string lastLineOf(const std::string& message)
{
    const auto end = message.find_last_not_of(" \t\r\n");
    if (end == std::string::npos)
        return {};
    const auto nl = message.rfind('\n', end);
    return message.substr(nl == std::string::npos ? 0 : nl + 1, end + 1 - (nl == std::string::npos ? 0 : nl + 1));
}

} // namespace

std::string firstLineOf(const std::string& message)
{
    const auto begin = message.find_first_not_of(" \t\r\n");
    if (begin == std::string::npos)
        return {};
    const auto nl = message.find('\n', begin);
    std::string first = message.substr(begin, nl == std::string::npos ? std::string::npos : nl - begin);
    // The TorchScript interpreter's header, then its traceback: what failed is the last line.
    if (first.starts_with("The following operation failed in the TorchScript interpreter") && nl != std::string::npos) {
        const std::string last = lastLineOf(message);
        if (!last.empty() && last != first)
            first += " (" + last + ")";
    }
    return first;
}

} // namespace vantage
