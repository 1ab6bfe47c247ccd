#!/usr/bin/env bash
# Fetches the full component sources (the benchmark's set and the seed's origin) into a cache
# outside the repository: KiCad symbol/footprint/3D libraries and Fritzing parts (Debian packages,
# unpacked with dpkg -x) and the alloy-devices wheel (pip download).
# Usage: scripts/fetch-component-sources.sh [cache-dir]   (default /work/.cache/component-sources)
set -euo pipefail

cache="${1:-${COMPONENT_SOURCES:-/work/.cache/component-sources}}"
mkdir -p "$cache/debs" "$cache/root" "$cache/pip"

cd "$cache/debs"
for package in kicad-symbols kicad-footprints kicad-packages3d fritzing-parts; do
    if ! ls "${package}"_*.deb >/dev/null 2>&1; then
        apt-get download "$package"
    fi
done
for deb in ./*.deb; do
    stamp="$cache/root/.$(basename "$deb").unpacked"
    if [ ! -e "$stamp" ]; then
        dpkg -x "$deb" "$cache/root"
        touch "$stamp"
    fi
done

if command -v pip >/dev/null 2>&1 || command -v pip3 >/dev/null 2>&1; then
    pip="$(command -v pip || command -v pip3)"
    if ! ls "$cache/pip"/*.whl "$cache/pip"/*.tar.gz >/dev/null 2>&1; then
        "$pip" download --no-deps --dest "$cache/pip" alloy-devices || echo "alloy-devices: pip download failed" >&2
    fi
fi

# The wheel's chip descriptions, where the importer finds them (<cache>/alloy-devices/…/data/chips).
wheel="$(ls "$cache/pip"/alloy_devices-*.whl 2>/dev/null | head -n 1 || true)"
if [ -n "$wheel" ] && [ ! -d "$cache/alloy-devices/alloy_devices/data/chips" ]; then
    python3 -m zipfile -e "$wheel" "$cache/alloy-devices"
fi

echo "sources in $cache/root:"
ls "$cache/root/usr/share" 2>/dev/null || true
