#pragma once
// The process side of common/python_ranks.h: the ranks as children this process owns (ChildProcess,
// each leading its own process group), a free port on 127.0.0.1 for their c10d rendezvous, rank 0's
// log read as it grows for its JSON lines.

#include "common/python_ranks.h"

namespace vantage::edl {

// As RunPythonRanks says.
void runPythonRanks(const PythonRanks& ranks, const CancelToken& cancel);

} // namespace vantage::edl
