#pragma once
// The storages a TorchScript archive's pickles (data.pkl, constants.pkl) say they hold, read without
// running the pickle: LibTorch makes each storage as large as the pickle states (its element type
// times its count) over the bytes of the record `data/KEY`, whatever that record's size, so a pickle
// that states more than the record holds makes every read of that tensor run past its buffer.
// core/common/model_file.cpp checks each against its record before LibTorch sees the file.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vantage {

struct PickledStorage {
    std::string key; // the record's name under data/ (or constants/)
    std::string type; // "FloatStorage", "LongStorage", ...
    std::uint64_t elements = 0;
    std::uint64_t elementBytes = 1; // of `type`; 1 for a type this scanner does not know
};

// Every persistent id ('storage', torch.<Type>Storage, key, location, count) of `pickle`. A pickle
// this scanner cannot follow (an opcode outside what torch.jit.save writes, a stack or memo out of
// order) throws Error::invalidInput naming `source`.
std::vector<PickledStorage> pickledStorages(std::string_view pickle, const std::string& source);

} // namespace vantage
