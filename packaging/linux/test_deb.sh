#!/bin/sh
# The .deb on a clean Debian 12 (make package-test; needs root, debootstrap and the
# package registry): install it with apt into a minimal root made by debootstrap (no
# Python there), start the app from the menu entry's Exec line (offscreen, --selfcheck),
# check the emoji font is registered, run the installed `spanstudio` on a conformance
# example of every method against the engine's own output, then `apt remove` it and
# check that nothing it installed is left.
# Usage: packaging/linux/test_deb.sh DEB [PYTHON]
set -eu
cd "$(dirname "$0")/../.."
deb=$(readlink -f "$1")
python=${2:-.venv/bin/python}
base=build/debroot-base.tar      # the clean root, made once (debootstrap takes a minute or two)
root=$(readlink -f build/debroot)
shared=$("$python" -c 'from tests.conftest import SHARED; print(SHARED)')

fail() { echo "package-test (.deb): FAILED: $*" >&2; exit 1; }
in_root() { chroot "$root" env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen "$@"; }
cleanup() {
    for m in proc dev/pts dev sys; do umount "$root/$m" 2>/dev/null || true; done
}
trap cleanup EXIT INT TERM

[ "$(id -u)" -eq 0 ] || fail "needs root (chroot, mount)"
if [ ! -f "$base" ]; then
    command -v debootstrap >/dev/null || fail "debootstrap is not installed (apt-get install debootstrap)"
    rm -rf build/debroot-make
    debootstrap --variant=minbase bookworm build/debroot-make http://deb.debian.org/debian >/dev/null
    tar -C build/debroot-make -cf "$base" .
    rm -rf build/debroot-make
fi
cleanup; rm -rf "$root"; mkdir -p "$root"
tar -C "$root" -xf "$base"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount --bind /proc "$root/proc"; mount --bind /dev "$root/dev"; mount --bind /sys "$root/sys"

in_root sh -c 'command -v python3 python' && fail "the clean root has a Python"
find "$root" -xdev \( -path "$root/var/*" -o -path "$root/tmp/*" -o -path "$root/root/*" -o -path "$root/etc/ld.so.cache" \) -prune -o -print | sort > build/debroot-before.txt

cp "$deb" "$root/tmp/span-studio.deb"
in_root apt-get update -qq >/dev/null
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/span-studio.deb >/dev/null \
    || fail "apt install of the .deb"
echo "installed: $(in_root dpkg-query -W -f='${Package} ${Version}' span-studio)"

desktop="$root/usr/share/applications/span-studio.desktop"
[ -f "$desktop" ] || fail "no menu entry"
[ -f "$root/usr/share/icons/hicolor/256x256/apps/span-studio.png" ] || fail "no icon"
[ -f "$root/usr/share/mime/packages/span-studio.xml" ] || fail "no MIME types"
grep -q '^MimeType=.*text/x-conll' "$desktop" || fail "the menu entry names no MIME types"
exec_line=$(sed -n 's/^Exec=//p' "$desktop" | sed 's/ %[fFuU]//')
out=$(in_root $exec_line --selfcheck 2>&1) || fail "the app from the menu entry: $out"
echo "$out" | grep -q "selfcheck ok" || fail "selfcheck: $out"
echo "$out" | grep -q "bundled fonts: .*Noto Color Emoji" || fail "the emoji font is not registered: $out"
echo "menu entry ($exec_line --selfcheck): ok, emoji font registered"

# The installed command line on a conformance example of every method.
mkdir -p "$root/tmp/conformance"
cp -r "$shared/conformance/." "$root/tmp/conformance/"
scratch=$(readlink -f build)/deb-scratch
check() {  # NAME CWD ARGS…  (paths under conformance/ written as @/…, new output files as %/…)
    name=$1; cwd=$2; shift 2
    rm -rf "$scratch" "$root/tmp/scratch"; mkdir -p "$scratch" "$root/tmp/scratch"
    host_args=$(echo "$*" | sed -e "s|@/|$shared/conformance/|g" -e "s|%/|$scratch/|g")
    root_args=$(echo "$*" | sed -e "s|@/|/tmp/conformance/|g" -e "s|%/|/tmp/scratch/|g")
    host_cwd=$(echo "$cwd" | sed "s|@/|$shared/conformance/|g")
    root_cwd=$(echo "$cwd" | sed "s|@/|/tmp/conformance/|g")
    want=$(cd "$host_cwd" && "$OLDPWD/$python" -m engine $host_args 2>&1) || true
    got=$(in_root sh -c "cd $root_cwd && spanstudio $root_args" 2>&1) || true
    [ -n "$got" ] && [ "$got" = "$want" ] || fail "$name: the installed spanstudio printed
$got
but the engine prints
$want"
    for file in "$scratch"/*; do
        [ -f "$file" ] || continue
        cmp -s "$file" "$root/tmp/scratch/${file##*/}" || fail "$name: ${file##*/} differs from the engine's"
    done
    echo "spanstudio $name: same output as the engine"
}
check faireval @/faireval/config faireval --config ner.config --eval-out -
check clueval / clueval @/clueval/data/fiktives-urteil-p1.bio @/clueval/data/fiktives-urteil-p2.bio -a anon entity risk -le entity risk
check poetry / poetry @/poetry/readme_example/ref.jsonl @/poetry/readme_example/sys.jsonl %/pages.csv
check starsem / starsem -g @/starsem/SEM-2012-SharedTask-CD-SCO-dev-09032012.txt -s @/starsem/dev.mixed.system.txt --starsem-exact
check propara / propara -p @/propara/testfiles-3/predictions.tsv -a @/propara/testfiles-3/answers.tsv
rm -rf "$root/tmp/conformance" "$root/tmp/scratch" "$root/tmp/span-studio.deb" "$scratch"

in_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq span-studio >/dev/null || fail "apt remove"
in_root dpkg-query -W span-studio 2>/dev/null | grep -q . && in_root dpkg -s span-studio 2>/dev/null | grep -q '^Status: install' && fail "still installed"
find "$root" -xdev \( -path "$root/var/*" -o -path "$root/tmp/*" -o -path "$root/root/*" -o -path "$root/etc/ld.so.cache" \) -prune -o -print | sort > build/debroot-after.txt
# What apt installed as dependencies stays (autoremove's business); nothing of ours may.
left=$(comm -13 build/debroot-before.txt build/debroot-after.txt | grep -E 'span-studio|spanstudio|/opt/' || true)
[ -z "$left" ] || fail "left behind after apt remove: $left"
echo "apt remove: nothing of span-studio left"
echo "package-test (.deb): ok"
