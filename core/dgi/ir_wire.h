#pragma once
// The IR whole (ops, their attributes and the parameters' values), as the sandboxed model reader
// (app/model-reader) hands it to Vantage: a JSON head and the float32 values after it.

#include "dgi/ir.h"

#include <string>
#include <string_view>

namespace vantage::dgi {

std::string irToWire(const GnnIr& ir);

// Builds the IR again through the checking builders from what irToWire wrote; anything malformed or
// inconsistent (an operand that does not come first, a shape the builder does not reach, values cut
// short) is Error::invalidInput naming `source`.
GnnIr irFromWire(std::string_view bytes, const std::string& source);

} // namespace vantage::dgi
