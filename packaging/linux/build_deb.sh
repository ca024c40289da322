#!/bin/sh
# Build dist/span-studio_VERSION_amd64.deb from the PyInstaller folder dist/span-studio/:
# the app under /opt/span-studio, spanstudio-gui and spanstudio on the PATH, the menu entry
# with its icons and the MIME types of the formats Span Studio reads. Debian's triggers
# (desktop-file-utils, shared-mime-info, hicolor-icon-theme) update the menu, the file
# associations and the icon cache; every installed file belongs to the package, so
# `apt remove` leaves nothing behind.
# Usage: packaging/linux/build_deb.sh VERSION
set -eu
cd "$(dirname "$0")/../.."
version=$1
here=packaging/linux
root=build/deb/span-studio
rm -rf build/deb
mkdir -p "$root/DEBIAN" "$root/opt" "$root/usr/bin" "$root/usr/share/applications" \
         "$root/usr/share/mime/packages" "$root/usr/share/doc/span-studio"
cp -a dist/span-studio "$root/opt/span-studio"
rm -f "$root/opt/span-studio/install.sh" "$root/opt/span-studio/span-studio.desktop"
ln -s /opt/span-studio/spanstudio-gui "$root/usr/bin/spanstudio-gui"
ln -s /opt/span-studio/spanstudio "$root/usr/bin/spanstudio"
cp "$here/span-studio.desktop" "$root/usr/share/applications/span-studio.desktop"
cp "$here/span-studio-mime.xml" "$root/usr/share/mime/packages/span-studio.xml"
for png in resources/icons/spanstudio-*.png; do
    case $png in *-1024.png) continue ;; esac  # hicolor ends at 512
    size=${png##*-}; size=${size%.png}
    mkdir -p "$root/usr/share/icons/hicolor/${size}x${size}/apps"
    cp "$png" "$root/usr/share/icons/hicolor/${size}x${size}/apps/span-studio.png"
done
cp "$here/copyright" "$root/usr/share/doc/span-studio/copyright"
installed=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@SIZE@/$installed/" "$here/control.in" > "$root/DEBIAN/control"
find "$root" -type d -exec chmod 0755 {} +
dpkg-deb --build --root-owner-group -Zxz "$root" "dist/span-studio_${version}_amd64.deb" >/dev/null
echo "built: dist/span-studio_${version}_amd64.deb"
