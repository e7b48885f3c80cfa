#pragma once
// Messages of the libraries Vantage calls, made fit to show.

#include <string>

namespace vantage {

// The first line of a library's message that says something: LibTorch's often start with a blank
// line ("\nArguments for call are not valid.") and go on with a backtrace.
std::string firstLineOf(const std::string& message);

} // namespace vantage
