#!/usr/bin/env bash
# Cross-builds the addon for linux-arm64 with Debian's aarch64 g++ into
# prebuilds/linux-arm64/peer-bridge.node (the prebuildify --napi name node-gyp-build loads), and
# the Linux reaper next to it (prebuilds/linux-arm64/peer-bridge-reaper).
# Same sources and flags as binding.gyp's Linux target; libstdc++ and libgcc are linked statically
# so the binary needs only glibc. napi_* symbols resolve in node at load time. Rebuilds only when
# native/ changed.
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

if [ -f "$ADDON" ] && [ -f "$REAPER" ] && [ -z "$(find "$ROOT/native" -type f -newer "$ADDON" | head -n 1)" ]; then
  log "${ADDON#"$ROOT"/} is up to date"
  exit 0
fi
ensure_toolchain
ensure_npm_package "node-api-headers@$NODE_API_HEADERS_VERSION" "$HEADERS"
start=$(date +%s)
mkdir -p "$(dirname "$ADDON")" "$CACHE"
partial="$(mktemp "$CACHE/peer-bridge.node.XXXXXX")"
"$CXX_ARM64" -std=c++17 -O2 -shared -fPIC -o "$partial" \
  -D_GNU_SOURCE -D_FORTIFY_SOURCE=2 -DNAPI_VERSION=8 -DNAPI_CPP_EXCEPTIONS -DNODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS \
  -DBUILDING_NODE_EXTENSION -fstack-protector-strong -Wall -Wextra -Wno-unused-parameter \
  -I"$HEADERS/include" -I"$(cd "$ROOT" && node -p "require('path').resolve(require('node-addon-api').include_dir)")" \
  -I"$ROOT/native/include" \
  "$ROOT/native/binding.cc" "$ROOT/native/src/common.cc" "$ROOT/native/src/posix.cc" "$ROOT/native/src/linux.cc" \
  -Wl,-z,relro,-z,now -static-libstdc++ -static-libgcc -s
# The Linux reaper (an executable next to the addon; flags as binding.gyp's reaper target).
reaper_partial="$(mktemp "$CACHE/peer-bridge-reaper.XXXXXX")"
"$CXX_ARM64" -std=c++17 -O2 -fno-exceptions -fno-rtti -fstack-protector-strong -Wall -Wextra \
  -D_GNU_SOURCE -D_FORTIFY_SOURCE=2 "$ROOT/native/reaper/linux.cc" -o "$reaper_partial" -s -Wl,-z,relro,-z,now
chmod 755 "$reaper_partial"
# Staged and renamed in, so a concurrent npm pack never sees a half-written file.
mv "$reaper_partial" "$REAPER"
chmod 755 "$partial"
mv "$partial" "$ADDON"
log "built ${ADDON#"$ROOT"/} in $(( $(date +%s) - start )) s"
