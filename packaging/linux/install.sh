#!/bin/sh
# Installs logodesk from its release tarball for one person, into ~/.local (no root needed), or
# removes it again. The tarball carries this one script twice: as install.sh and as
# uninstall.sh; the name it is started by says which (or pass --uninstall).
#
#   ./install.sh   [--prefix DIR]    # DIR defaults to $HOME/.local
#   ./uninstall.sh [--prefix DIR]
#
# Installed (and removed again, exactly these files):
#   DIR/bin/logodesk
#   DIR/share/applications/logodesk.desktop      (Exec= the installed binary's full path)
#   DIR/share/icons/hicolor/<size>/apps/logodesk.png
#   DIR/lib/logodesk/uninstall.sh                (this script, for removing it later; it
#                                                 finds DIR from where it lies)
# Running it again replaces the files in place (an upgrade), also while logodesk runs.
# Uninstalling never touches the person's data (accounts, orders, logs in
# ${XDG_DATA_HOME:-~/.local/share}/logodesk): it says where it is.
set -eu

SIZES="16x16 24x24 32x32 48x48 64x64 128x128 256x256"

say() { printf '%s\n' "$*"; }
die() {
  printf 'logodesk %s: %s\n' "$mode" "$*" >&2
  exit 1
}

mode=install
case $(basename "$0") in uninstall*) mode=uninstall ;; esac
prefix=
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || die "--prefix needs a folder"; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --uninstall) mode=uninstall; shift ;;
    -h | --help)
      sed -n '2,17s/^# \{0,1\}//p' "$0"
      exit 0
      ;;
    *) die "unknown option: $1 (try --help)" ;;
  esac
done
here=$(cd "$(dirname "$0")" && pwd)
# The installed uninstaller removes the copy it belongs to.
if [ -z "$prefix" ] && [ "$mode" = uninstall ]; then
  case $here in */lib/logodesk) prefix=${here%/lib/logodesk} ;; esac
fi
if [ -z "$prefix" ]; then
  [ -n "${HOME:-}" ] || die "HOME is not set; pass --prefix DIR"
  prefix=$HOME/.local
fi
case $prefix in /*) ;; *) prefix=$(pwd)/$prefix ;; esac
prefix=${prefix%/}

bin=$prefix/bin/logodesk
desktop=$prefix/share/applications/logodesk.desktop
icons=$prefix/share/icons/hicolor
keep=$prefix/lib/logodesk

# The desktop's caches, refreshed when their tools are there (never needed: desktops also notice
# new files by the folders' times), and only where one exists already: a new icon cache in
# ~/.local would hide icons that later programs add without refreshing it, and neither cache
# would be logodesk's to remove again.
refresh_caches() {
  if [ -f "$prefix/share/applications/mimeinfo.cache" ] &&
    command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$prefix/share/applications" 2>/dev/null || true
  fi
  if [ -f "$icons/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q -f -t "$icons" 2>/dev/null || true
  fi
  touch "$icons" 2>/dev/null || true
}

# Copies $1 to $2 with mode $3 through a temporary file beside it and a rename: an upgrade never
# leaves half a file, and replacing a running binary works (no "Text file busy").
put() {
  mkdir -p "$(dirname "$2")"
  cp "$1" "$2.part.$$"
  chmod "$3" "$2.part.$$"
  mv -f "$2.part.$$" "$2"
}

# The desktop entry's Exec= value for the binary's path: as it is when it holds only plain
# characters, else quoted as the Desktop Entry Specification says (\ " ` $ escaped inside the
# quotes, and each \ doubled again for the file's string syntax; % written %%).
exec_value() {
  case $1 in
    *[!A-Za-z0-9/._+-]*)
      escaped=$(printf '%s' "$1" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g' -e 's/%/%%/g')
      printf '"%s"' "$escaped"
      ;;
    *) printf '%s' "$1" ;;
  esac
}

data_dir() {
  if [ -n "${XDG_DATA_HOME:-}" ]; then
    printf '%s/logodesk' "$XDG_DATA_HOME"
  elif [ -n "${HOME:-}" ]; then
    printf '%s/.local/share/logodesk' "$HOME"
  else
    printf 'the data folder'
  fi
}

if [ "$mode" = uninstall ]; then
  removed=0
  for f in "$bin" "$desktop" "$keep/uninstall.sh"; do
    if [ -e "$f" ] || [ -L "$f" ]; then rm -f "$f" && removed=$((removed + 1)); fi
  done
  for size in $SIZES; do
    f=$icons/$size/apps/logodesk.png
    if [ -e "$f" ] || [ -L "$f" ]; then rm -f "$f" && removed=$((removed + 1)); fi
  done
  # The folders only logodesk's files are in, when nothing else is there.
  for size in $SIZES; do
    rmdir "$icons/$size/apps" "$icons/$size" 2>/dev/null || true
  done
  rmdir "$keep" 2>/dev/null || true
  if [ -d "$prefix/share/applications" ]; then refresh_caches; fi
  if [ "$removed" -eq 0 ]; then
    say "logodesk was not installed in $prefix: nothing removed."
  else
    say "logodesk removed from $prefix ($removed files)."
  fi
  say "Your data is kept in $(data_dir) (accounts, orders, logs; API keys stay in the system's keyring). Delete that folder to remove it too."
  exit 0
fi

[ -f "$here/bin/logodesk" ] || die "$here/bin/logodesk is missing: run install.sh from the unpacked tarball"

put "$here/bin/logodesk" "$bin" 755
for size in $SIZES; do
  put "$here/share/icons/hicolor/$size/apps/logodesk.png" "$icons/$size/apps/logodesk.png" 644
done
put "$here/install.sh" "$keep/uninstall.sh" 755
# The entry runs the installed binary by its full path: ~/.local/bin is not on every PATH.
entry=$(exec_value "$bin")
mkdir -p "$prefix/share/applications"
sed "s|^Exec=.*|Exec=$(printf '%s' "$entry" | sed 's/[|&\\]/\\&/g')|" \
  "$here/share/applications/logodesk.desktop" >"$desktop.src.$$"
put "$desktop.src.$$" "$desktop" 644
rm -f "$desktop.src.$$"
refresh_caches

say "logodesk installed in $prefix."
say "Start it from the desktop's application menu, or run: $bin"
case ":${PATH:-}:" in
  *":$prefix/bin:"*) ;;
  *) say "($prefix/bin is not on your PATH; the menu entry works without it.)" ;;
esac
say "To remove it: $keep/uninstall.sh"
