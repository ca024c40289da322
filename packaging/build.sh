#!/bin/sh
# Build the packaged app into dist/ with PyInstaller (see spanstudio.spec), and on Linux
# the tar.gz bundle with the menu entry and the .deb package.
# Usage: packaging/build.sh [PYTHON]
set -eu
cd "$(dirname "$0")/.."
python=${1:-.venv/bin/python}
version=$("$python" -c 'import engine; print(engine.__version__)')
sh packaging/fetch_font.sh build/fonts
rm -rf build/pyinstaller dist/span-studio dist/spanstudio-gui-onefile*
"$python" -m PyInstaller --noconfirm --clean --log-level WARN \
    --workpath build/pyinstaller --distpath dist packaging/spanstudio.spec
if [ "$(uname -s)" = "Linux" ]; then
    cp packaging/linux/span-studio.desktop packaging/linux/install.sh dist/span-studio/
    archive="dist/span-studio-$version-linux-$(uname -m).tar.gz"
    tar -C dist -czf "$archive" span-studio
    sh packaging/linux/build_deb.sh "$version"
    echo "built: dist/span-studio/ (one folder), dist/spanstudio-gui-onefile, $archive, dist/span-studio_${version}_amd64.deb"
fi
