// Fuzzes the elastic job's control plane as the leader reads a frame: the envelope first (token
// not yet checked), then the whole message.
#include "fuzz_common.h"

#include "edl/protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace vantage::edl;
    const auto frame = fuzz::bytes(data, size);
    return fuzz::refuseOrAccept([&] {
        const Message envelope = decodeEnvelope(frame);
        (void)checkMessage(envelope, "0123456789abcdef0123456789abcdef", 3);
        const Message m = decode(frame);
        (void)encode(m);
    });
}
