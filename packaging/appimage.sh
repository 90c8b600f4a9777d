#!/usr/bin/env bash
# Makes logodesk's AppImage: target/appimage/logodesk-<version>-x86_64.AppImage.
#
#   packaging/appimage.sh [APP_BINARY [RUNTIME_BINARY [OUTPUT]]]
#
# APP_BINARY (or $LOGODESK_BIN) defaults to target/release/logodesk and RUNTIME_BINARY (or
# $LOGODESK_APPIMAGE_RUNTIME) to target/release/logodesk-appimage-runtime; when those defaults
# are missing they are built with `cargo build --release`. OUTPUT (or $LOGODESK_APPIMAGE_OUT)
# defaults to target/appimage/logodesk-<version>-x86_64.AppImage.
#
# The AppImage is our own runtime (src/bin/appimage-runtime.rs: it unpacks the image once into
# ~/.cache/logodesk/appimage/ and runs it, no FUSE needed) followed by a gzip squashfs image of
# the AppDir made with mksquashfs (Debian: squashfs-tools); bytes 8..11 carry the type-2 magic
# `AI\x02`. Prints the AppImage's path and size.
set -euo pipefail

die() {
  echo "appimage.sh: $*" >&2
  exit 1
}

# Paths given are taken from where the script was started; then it works from the repository.
absolute() {
  case $1 in
    '' | /*) printf '%s' "$1" ;;
    *) printf '%s/%s' "$PWD" "$1" ;;
  esac
}
app=$(absolute "${1:-${LOGODESK_BIN:-}}")
runtime=$(absolute "${2:-${LOGODESK_APPIMAGE_RUNTIME:-}}")
out=$(absolute "${3:-${LOGODESK_APPIMAGE_OUT:-}}")

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[ -n "$version" ] || die "cannot read the version from Cargo.toml"

out=${out:-$root/target/appimage/logodesk-$version-x86_64.AppImage}

if [ -z "$app" ] || [ -z "$runtime" ]; then
  default_app=target/release/logodesk
  default_runtime=target/release/logodesk-appimage-runtime
  if { [ -z "$app" ] && [ ! -x "$default_app" ]; } ||
    { [ -z "$runtime" ] && [ ! -x "$default_runtime" ]; }; then
    echo "appimage.sh: building the release binaries (cargo build --release)…" >&2
    cargo build --release --bin logodesk --bin logodesk-appimage-runtime
  fi
  app=${app:-$default_app}
  runtime=${runtime:-$default_runtime}
fi
[ -x "$app" ] || die "the app binary $app is missing or not executable"
[ -x "$runtime" ] || die "the runtime binary $runtime is missing or not executable"
command -v mksquashfs >/dev/null 2>&1 ||
  die "mksquashfs is not installed (Debian/Ubuntu: sudo apt-get install squashfs-tools)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
appdir=$work/AppDir

# The AppDir: AppRun → the binary, the desktop entry and the icon at the root (as the
# AppImage specification asks), and the same files where desktops look under usr/share.
install -d "$appdir/usr/bin" "$appdir/usr/share/applications"
install -m 755 "$app" "$appdir/usr/bin/logodesk"
if command -v strip >/dev/null 2>&1 && ! strip "$appdir/usr/bin/logodesk" 2>/dev/null; then
  echo "appimage.sh: strip failed; the binary is packed as it is" >&2
fi
ln -s usr/bin/logodesk "$appdir/AppRun"
install -m 644 assets/logodesk.desktop "$appdir/logodesk.desktop"
install -m 644 assets/logodesk.desktop "$appdir/usr/share/applications/logodesk.desktop"
install -m 644 assets/icons/hicolor/256x256/apps/logodesk.png "$appdir/logodesk.png"
ln -s logodesk.png "$appdir/.DirIcon"
for icon in assets/icons/hicolor/*/apps/logodesk.png; do
  size=$(basename "$(dirname "$(dirname "$icon")")")
  install -d "$appdir/usr/share/icons/hicolor/$size/apps"
  install -m 644 "$icon" "$appdir/usr/share/icons/hicolor/$size/apps/logodesk.png"
done

# gzip: the one compression the runtime reads (backhand with its `gzip` feature only).
mksquashfs "$appdir" "$work/image.squashfs" -root-owned -noappend -comp gzip -quiet >/dev/null

# The image must start exactly where the runtime says it does.
runtime_size=$(stat -c %s "$runtime")
declared=$("$runtime" --appimage-offset)
[ "$declared" = "$runtime_size" ] ||
  die "the runtime ends at byte $runtime_size but computes $declared from its ELF header"

mkdir -p "$(dirname "$out")"
cat "$runtime" "$work/image.squashfs" >"$out.part"
printf 'AI\x02' | dd of="$out.part" bs=1 seek=8 count=3 conv=notrunc status=none
chmod 755 "$out.part"
mv -f "$out.part" "$out"

size=$(stat -c %s "$out")
echo "$out"
echo "size: $size bytes ($(awk -v b="$size" 'BEGIN { printf "%.1f MB", b / 1e6 }'))"
