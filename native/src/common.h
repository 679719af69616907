// Helpers shared by every OS file; internal to native/src.
#pragma once

#include <string>

#include "peer_bridge_native.h"

namespace pbn {

// The strategy forced for `operation` by PEER_BRIDGE_NATIVE_FORCE ("op:strategy,op:strategy"),
// or an empty string.
std::string Forced(const char* operation);

}  // namespace pbn
