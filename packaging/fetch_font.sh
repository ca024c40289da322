#!/bin/sh
# Put the emoji font the build carries (Noto Color Emoji, SIL Open Font License) and its
# licence into FOLDER. Taken from Debian's fonts-noto-color-emoji where it is installed
# (scripts/system-deps.sh package installs it), or from SPANSTUDIO_EMOJI_FONT.
# Usage: packaging/fetch_font.sh FOLDER
set -eu
folder=$1
font=${SPANSTUDIO_EMOJI_FONT:-/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf}
licence=${SPANSTUDIO_EMOJI_FONT_LICENCE:-/usr/share/doc/fonts-noto-color-emoji/copyright}
if [ ! -f "$font" ]; then
    echo "packaging/fetch_font.sh: no emoji font at $font (install fonts-noto-color-emoji or set SPANSTUDIO_EMOJI_FONT)" >&2
    exit 2
fi
mkdir -p "$folder"
cp "$font" "$folder/NotoColorEmoji.ttf"
if [ -f "$licence" ]; then cp "$licence" "$folder/NotoColorEmoji-LICENSE.txt"; fi
