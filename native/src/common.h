// Helpers shared by every OS file; internal to native/src.
#pragma once

#include <string>

#include "peer_bridge_native.h"

namespace pbn {

// Lower-case hex without padding, matching `value.toString(16)` in JavaScript.
std::string Hex(unsigned long long value);
std::string Hex128(unsigned long long high, unsigned long long low);

// The strategy forced for `operation` by PEER_BRIDGE_NATIVE_FORCE ("op:strategy,op:strategy"),
// or an empty string.
std::string Forced(const char* operation);

}  // namespace pbn
