#pragma once
// DGI's names for the model-file check of core/common/model_file.h (before LibTorch reads a byte).

#include "common/model_file.h"

namespace vantage::dgi {
using vantage::checkTorchScriptFile;
using vantage::checkTorchScriptStream;
using vantage::inspectModelArchive;
using vantage::ModelFileInfo;
using vantage::ModelFileKind;
using vantage::ReadAt;
} // namespace vantage::dgi
