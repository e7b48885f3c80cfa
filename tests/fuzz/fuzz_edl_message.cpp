// Fuzzes the elastic job's control plane as the leader reads a frame: the envelope first (token
// not yet checked) and its replay check, then the whole message.
#include "fuzz_common.h"

#include "edl/protocol.h"

#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace vantage::edl;
    const auto frame = fuzz::bytes(data, size);
    return fuzz::refuseOrAccept([&] {
        const Message envelope = decodeEnvelope(frame);
        (void)checkMessage(envelope, "0123456789abcdef0123456789abcdef", 3);
        ReplayGuard replays; // any session, request id and clock: admitted or refused, twice never
        if (replays.admit(envelope, wallClockMs()).accepted() && replays.admit(envelope, wallClockMs()).accepted())
            throw std::logic_error("a message was admitted twice");
        const Message m = decode(frame);
        (void)encode(m);
    });
}
