#include "common.h"

#include <cstdlib>
#include <cstring>

namespace pbn {

std::string Forced(const char* operation) {
  const char* env = std::getenv("PEER_BRIDGE_NATIVE_FORCE");
  if (env == nullptr) return "";
  std::string all(env);
  std::string prefix = std::string(operation) + ":";
  size_t start = 0;
  while (start <= all.size()) {
    size_t end = all.find(',', start);
    if (end == std::string::npos) end = all.size();
    std::string item = all.substr(start, end - start);
    if (item.compare(0, prefix.size(), prefix) == 0) return item.substr(prefix.size());
    start = end + 1;
  }
  return "";
}

}  // namespace pbn
