#pragma once
// DGI's names for the .npy format of core/common/npy.h (graphs, features, embeddings).

#include "common/npy.h"
#include "dgi/buffer.h"

namespace vantage::dgi {
using vantage::createNpy;
using vantage::npyDescr;
using vantage::NpyHeader;
using vantage::npyItemSize;
using vantage::NpyType;
using vantage::readNpyData;
using vantage::readNpyHeader;
using vantage::writeNpy;
} // namespace vantage::dgi
