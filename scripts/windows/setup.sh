#!/usr/bin/env bash
# Installs everything the Windows cross-build and the Wine run need, once: mingw-w64 and Wine (apt,
# when missing), the official node.exe and node-api-headers (npm pack), the N-API import library,
# and a win10 Wine prefix. Idempotent; .ci/run calls it before `npm test`.
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

start=$(date +%s)
ensure_toolchain
ensure_downloads
ensure_import_lib
ensure_prefix
log "toolchain ready in $(( $(date +%s) - start )) s"
