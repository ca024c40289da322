#!/bin/sh
# macOS: put dist/Span Studio.app (pyinstaller packaging/spanstudio.spec) into
# dist/SpanStudio-VERSION.dmg, with a link to /Applications to drag it onto.
# Usage: packaging/macos/make_dmg.sh VERSION   (on macOS: needs hdiutil)
set -eu
cd "$(dirname "$0")/../.."
version=$1
stage=build/dmg
rm -rf "$stage" "dist/SpanStudio-$version.dmg"
mkdir -p "$stage"
cp -R "dist/Span Studio.app" "$stage/"
ln -s /Applications "$stage/Applications"
hdiutil create -volname "Span Studio $version" -srcfolder "$stage" -fs HFS+ -format UDZO \
    -ov "dist/SpanStudio-$version.dmg"
echo "built: dist/SpanStudio-$version.dmg"
