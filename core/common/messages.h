#pragma once
// Messages of the libraries Vantage calls, made fit to show.

#include <string>

namespace vantage {

// The first line of a library's message that says something: LibTorch's often start with a blank
// line ("\nArguments for call are not valid.") and go on with a backtrace; the TorchScript
// interpreter's "The following operation failed" is followed by the last line, which says what failed.
std::string firstLineOf(const std::string& message);

} // namespace vantage
