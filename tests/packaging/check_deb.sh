#!/usr/bin/env bash
# Builds the .deb with CPack, unpacks it, and checks what a user installing it gets: the desktop
# file, AppStream metainfo and icon valid; the binaries with no RUNPATH into the build tree; and
# the installed vantage and vantage-cli running.
set -euo pipefail
build=$1
src=$2
# The CUDA flavour: where PyPI's LibTorch, NCCL and the CUDA runtime are (they are not in the package).
runtime=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cd "$build"
cpack -G DEB -B "$work/pkg" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/pkg/*.deb)
echo "package: $(basename "$deb") ($(du -h "$deb" | cut -f1))"
dpkg-deb --info "$deb" | grep -E "Package|Version|Depends" | sed 's/^/  /'
dpkg-deb -x "$deb" "$work/root"

for f in usr/bin/vantage usr/bin/vantage-cli usr/bin/vantage-model-reader \
         usr/share/applications/io.vantage.Vantage.desktop \
         usr/share/metainfo/io.vantage.Vantage.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/io.vantage.Vantage.svg \
         usr/share/mime/packages/io.vantage.Vantage.xml; do
  [ -e "$work/root/$f" ] || { echo "missing in package: $f"; exit 1; }
done

if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$work/root/usr/share/applications/io.vantage.Vantage.desktop"
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net --pedantic "$work/root/usr/share/metainfo/io.vantage.Vantage.metainfo.xml" >/dev/null \
    || appstreamcli validate --no-net "$work/root/usr/share/metainfo/io.vantage.Vantage.metainfo.xml"
fi

for bin in vantage vantage-cli vantage-model-reader; do
  rp=$(readelf -d "$work/root/usr/bin/$bin" | grep -E "RPATH|RUNPATH" || true)
  if echo "$rp" | grep -q "$build\|$src"; then
    echo "$bin has a RUNPATH into the build or source tree: $rp"; exit 1
  fi
done

if [ -n "$runtime" ]; then
  echo "CUDA flavour: running the package's binaries with LibTorch, NCCL and CUDA from $runtime"
  export LD_LIBRARY_PATH="$runtime${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
"$work/root/usr/bin/vantage-cli" --version
"$work/root/usr/bin/vantage-cli" --json devices >/dev/null
QT_QPA_PLATFORM=offscreen "$work/root/usr/bin/vantage" --version
echo "package ok"
