#!/bin/sh
# Makes logodesk's release tarball for Linux distributions without .deb:
#   logodesk-<version>-<arch>-linux.tar.gz
# holding one folder of the same name with bin/logodesk, the desktop entry, the hicolor icons,
# README.md, LICENSE and install.sh / uninstall.sh (packaging/linux/install.sh, which installs
# into ~/.local). Prints the tarball's path.
#
#   packaging/linux/tarball.sh [--binary PATH] [--out DIR]
#
# PATH defaults to target/release/logodesk (`cargo build --release` first), DIR to
# target/tarball. The binary's debug info is stripped when `strip` is there (function names
# stay, as in the release profile). <arch> is read from the binary (x86_64 or aarch64). The
# archive is the same for the same inputs: sorted names, owner root, times from
# $SOURCE_DATE_EPOCH (default: the last commit's time, else 0).
set -eu

die() {
  printf 'tarball.sh: %s\n' "$*" >&2
  exit 1
}

root=$(cd "$(dirname "$0")/../.." && pwd)
binary=$root/target/release/logodesk
out=$root/target/tarball
while [ $# -gt 0 ]; do
  case $1 in
    --binary) [ $# -ge 2 ] || die "--binary needs a path"; binary=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || die "--out needs a folder"; out=$2; shift 2 ;;
    -h | --help) sed -n '2,14s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) die "unknown option: $1 (try --help)" ;;
  esac
done
[ -f "$binary" ] || die "no binary at $binary: run \`cargo build --release\` first, or pass --binary PATH"

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -n 1)
[ -n "$version" ] || die "no version in $root/Cargo.toml"

# ELF's e_machine, two bytes at offset 18 (little-endian): 62 is x86-64, 183 AArch64.
machine=$(od -An -tu2 -j18 -N2 "$binary" | tr -d ' ')
case $machine in
  62) arch=x86_64 ;;
  183) arch=aarch64 ;;
  *) die "$binary is not an x86_64 or aarch64 Linux binary (ELF machine ${machine:-unreadable})" ;;
esac

name=logodesk-$version-$arch-linux
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
dir=$work/$name

mkdir -p "$dir/bin" "$dir/share/applications"
cp "$binary" "$dir/bin/logodesk"
if command -v strip >/dev/null 2>&1; then
  strip --strip-debug "$dir/bin/logodesk" 2>/dev/null ||
    echo "tarball.sh: strip failed; the binary is packed as it is" >&2
fi
chmod 755 "$dir/bin/logodesk"
cp "$root/assets/logodesk.desktop" "$dir/share/applications/"
for icon in "$root"/assets/icons/hicolor/*/apps/logodesk.png; do
  size=$(basename "$(dirname "$(dirname "$icon")")")
  mkdir -p "$dir/share/icons/hicolor/$size/apps"
  cp "$icon" "$dir/share/icons/hicolor/$size/apps/"
done
cp "$root/README.md" "$root/LICENSE" "$dir/"
cp "$root/packaging/linux/install.sh" "$dir/install.sh"
cp "$root/packaging/linux/install.sh" "$dir/uninstall.sh"
chmod 755 "$dir/install.sh" "$dir/uninstall.sh"
find "$dir" -type d -exec chmod 755 {} +
find "$dir" -type f ! -perm -u+x -exec chmod 644 {} +

if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)
fi
tarball=$out/$name.tar.gz
tar -C "$work" --sort=name --owner=0 --group=0 --numeric-owner \
  --mtime="@$SOURCE_DATE_EPOCH" -cf - "$name" | gzip -n >"$tarball.part"
mv -f "$tarball.part" "$tarball"
echo "$tarball"
