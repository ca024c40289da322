#!/bin/sh
# Install the Debian packages Qt needs, when any is missing.
# Usage: scripts/system-deps.sh test|run|package|package-test
# As root it runs apt-get; otherwise it prints the apt-get line and exits 2.
set -eu

# What PySide6's Qt libraries link against (found with ldd on the wheel's libraries).
QT_CORE="libegl1 libgl1 libglib2.0-0 libfontconfig1 libfreetype6 libxkbcommon0 libdbus-1-3 fonts-dejavu-core"
# The xcb platform plugin, for a real window (make run).
QT_XCB="libx11-xcb1 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-randr0 \
libxcb-render-util0 libxcb-shape0 libxcb-xfixes0 libxcb-xkb1 libxkbcommon-x11-0 fonts-noto-color-emoji"

case "${1:-test}" in
  test) wanted="$QT_CORE" ;;
  run) wanted="$QT_CORE $QT_XCB" ;;
  package) wanted="$QT_CORE $QT_XCB binutils" ;;  # PyInstaller reads libraries with objdump
  package-test) wanted="debootstrap" ;;  # a clean Debian root to install the .deb into
  *) echo "usage: $0 test|run|package|package-test" >&2; exit 2 ;;
esac

command -v dpkg-query >/dev/null 2>&1 || exit 0   # not Debian: nothing we can check

missing=""
for pkg in $wanted; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  case "$status" in
    *"install ok installed"*) ;;
    *) missing="$missing $pkg" ;;
  esac
done
[ -z "$missing" ] && exit 0

line="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" -ne 0 ]; then
  echo "Span Studio needs these system packages for Qt:$missing" >&2
  echo "Run as root:  apt-get update && $line" >&2
  exit 2
fi
echo "Installing system packages for Qt:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
$line >/dev/null
