# Shared by the platform scripts: fetch a package from the npm registry with `npm pack` into
# $CACHE and unpack it to a folder, once. Callers define CACHE and log().
# ensure_npm_package <spec> <dest>
ensure_npm_package() {
  local spec="$1" dest="$2"
  [ -d "$dest" ] && return 0
  mkdir -p "$CACHE"
  log "fetching $spec from the npm registry"
  local tgz
  tgz="$(cd "$CACHE" && npm pack "$spec" --silent | tail -n 1)"
  rm -rf "$dest.partial" && mkdir -p "$dest.partial"
  tar xzf "$CACHE/$tgz" -C "$dest.partial" --strip-components=1
  rm -f "$CACHE/$tgz"
  mv "$dest.partial" "$dest"
}
