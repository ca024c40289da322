#!/bin/sh
# Install the unpacked Span Studio folder for the current user: a link to the app and the
# CLI in ~/.local/bin, the menu entry and the icon. Run from the unpacked folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin="$HOME/.local/bin"
apps="$HOME/.local/share/applications"
icons="$HOME/.local/share/icons/hicolor/256x256/apps"
mkdir -p "$bin" "$apps" "$icons"
ln -sf "$here/spanstudio-gui" "$bin/spanstudio-gui"
ln -sf "$here/spanstudio" "$bin/spanstudio"
cp "$here/_internal/resources/icons/spanstudio-256.png" "$icons/span-studio.png"
sed "s|^Exec=.*|Exec=$here/spanstudio-gui %F|" "$here/span-studio.desktop" > "$apps/span-studio.desktop"
echo "Span Studio installed: run spanstudio-gui, or find it in the applications menu."
