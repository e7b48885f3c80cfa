#pragma once
// DGI's name for the byte buffers of core/common/buffer.h (graphs, features, node stores).

#include "common/buffer.h"

namespace vantage::dgi {
using vantage::Buffer;
} // namespace vantage::dgi
