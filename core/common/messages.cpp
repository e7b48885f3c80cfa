#include "common/messages.h"

namespace vantage {

std::string firstLineOf(const std::string& message)
{
    const auto begin = message.find_first_not_of(" \t\r\n");
    if (begin == std::string::npos)
        return {};
    const auto nl = message.find('\n', begin);
    return message.substr(begin, nl == std::string::npos ? std::string::npos : nl - begin);
}

} // namespace vantage
