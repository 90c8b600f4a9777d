#!/usr/bin/env bash
# Makes logodesk's Windows installer and portable zip from a cross-built logodesk.exe:
#
#   packaging/windows/build.sh [--fast] [EXE [OUTDIR]]
#
# --fast compresses quickly and less (NSIS zlib instead of solid LZMA, zip -1 instead of -9): the
# test's installer (`.ci/test`) of a 130 MB test exe took 149 s of one core with LZMA, 27 with
# zlib (zip: 25 s, 3). It installs, upgrades and uninstalls the same; what ships is made without.
#
# EXE defaults to <target dir>/x86_64-pc-windows-gnu/release/logodesk.exe (the target dir is
# $CARGO_TARGET_DIR, else ./target); it is built with
# `cargo build --release --target x86_64-pc-windows-gnu --bin logodesk` when missing.
# OUTDIR defaults to <target dir>/windows. Writes there
#   logodesk-<version>-setup.exe        (NSIS, per-user, see logodesk.nsi)
#   logodesk-<version>-windows-x64.zip  (logodesk.exe, README.md, LICENSE.txt)
# and prints each file with its size. Needs makensis (Debian: nsis) and zip.
set -euo pipefail

die() {
  echo "build.sh: $*" >&2
  exit 1
}
absolute() {
  case $1 in
    '' | /*) printf '%s' "$1" ;;
    *) printf '%s/%s' "$PWD" "$1" ;;
  esac
}
nsis_compressor="/SOLID lzma"
zip_level=-9
if [ "${1:-}" = --fast ]; then
  nsis_compressor=zlib
  zip_level=-1
  shift
fi
exe=$(absolute "${1:-}")
out=$(absolute "${2:-}")
cd "$(dirname "$0")/../.."
root=$PWD

command -v makensis >/dev/null || die "makensis is missing (Debian: apt-get install nsis)"
command -v zip >/dev/null || die "zip is missing (Debian: apt-get install zip)"

target_dir=${CARGO_TARGET_DIR:-$root/target}
if [ -z "$exe" ]; then
  exe=$target_dir/x86_64-pc-windows-gnu/release/logodesk.exe
  if [ ! -f "$exe" ]; then
    cargo build --release --target x86_64-pc-windows-gnu --bin logodesk
  fi
fi
[ -f "$exe" ] || die "no such exe: $exe"
out=${out:-$target_dir/windows}
mkdir -p "$out"

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[ -n "$version" ] || die "no version in Cargo.toml"
# VERSIONINFO wants four numbers: 1.2.3-beta.1 → 1.2.3.0.
numbers=${version%%[-+]*}
vi_version=$numbers.0

setup=$out/logodesk-$version-setup.exe
makensis -V2 -INPUTCHARSET UTF8 \
  -DVERSION="$version" -DVIVERSION="$vi_version" \
  -DEXE="$exe" -DSRCDIR="$root" -DOUTFILE="$setup" -DCOMPRESSOR="$nsis_compressor" \
  packaging/windows/logodesk.nsi >&2

zipfile=$out/logodesk-$version-windows-x64.zip
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/logodesk"
cp "$exe" "$stage/logodesk/logodesk.exe"
cp README.md "$stage/logodesk/README.md"
cp LICENSE "$stage/logodesk/LICENSE.txt"
rm -f "$zipfile"
(cd "$stage" && zip -q "$zip_level" -r "$zipfile" logodesk)

for f in "$setup" "$zipfile"; do
  printf '%s\t%s bytes\n' "$f" "$(stat -c %s "$f")"
done
