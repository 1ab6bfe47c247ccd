#!/usr/bin/env bash
# Rebuilds the committed component seed (data/components/) from the fetched sources
# (scripts/fetch-component-sources.sh). Deterministic: a fixed list of KiCad symbol libraries,
# copied whole, plus exactly the footprints their symbols name and those of the generic passives
# (data/components/generic/passives.json, kept), plus the Debian copyright files.
# Usage: scripts/make-component-seed.sh [cache-dir]   (default /work/.cache/component-sources)
set -euo pipefail

cache="${1:-${COMPONENT_SOURCES:-/work/.cache/component-sources}}"
share="$cache/root/usr/share"
repo="$(cd "$(dirname "$0")/.." && pwd)"
seed="$repo/data/components"

# Whole libraries across many categories of data/categories/component.json.
libraries=(
    Device Diode LED Transistor_FET Transistor_BJT Regulator_Linear Reference_Voltage
    Amplifier_Operational Comparator Interface_USB Interface_CAN_LIN Interface_UART Memory_EEPROM
    Memory_Flash Timer Timer_RTC 74xx Sensor_Temperature MCU_ST_STM32F1 MCU_ST_STM32F4
    MCU_Microchip_ATmega MCU_Espressif MCU_RaspberryPi Analog_ADC Power_Supervisor
    Battery_Management Logic_LevelTranslator
)

test -d "$share/kicad/symbols" || { echo "no sources in $share: run scripts/fetch-component-sources.sh" >&2; exit 1; }
rm -rf "$seed/kicad"
mkdir -p "$seed/kicad/symbols" "$seed/kicad/footprints"

for library in "${libraries[@]}"; do
    cp "$share/kicad/symbols/$library.kicad_sym" "$seed/kicad/symbols/"
done

# Every footprint a copied symbol names: (property "Footprint" "Lib:Name" …).
grep -ho '(property "Footprint" "[^"]*"' "$seed"/kicad/symbols/*.kicad_sym \
    | sed -e 's/.*"Footprint" "//' -e 's/"$//' | grep ':' | LC_ALL=C sort -u \
    | while IFS=: read -r fplib fpname; do
        source_file="$share/kicad/footprints/$fplib.pretty/$fpname.kicad_mod"
        if [ -f "$source_file" ]; then
            mkdir -p "$seed/kicad/footprints/$fplib.pretty"
            cp "$source_file" "$seed/kicad/footprints/$fplib.pretty/"
        else
            echo "missing footprint $fplib:$fpname" >&2
        fi
    done

# The footprints of the generic passives (data/components/generic/passives.json: chip R/C/L in
# 0402/0603/0805/1206), which no copied symbol names.
grep -o '"footprint": "[^"]*"' "$seed/generic/passives.json" | sed -e 's/.*": "//' -e 's/"$//' \
    | while IFS=: read -r fplib fpname; do
        mkdir -p "$seed/kicad/footprints/$fplib.pretty"
        cp "$share/kicad/footprints/$fplib.pretty/$fpname.kicad_mod" "$seed/kicad/footprints/$fplib.pretty/"
    done

# The 3D models those footprints name, VRML converted to GLB (backends/mesh, `wrl2glb`).
pairs="$(mktemp)"
grep -rho '(model "[^"]*\.wrl"' "$seed/kicad/footprints" \
    | sed -e 's/(model "//' -e 's/"$//' -e 's#^\${KICAD[0-9]*_3DMODEL_DIR}/##' | LC_ALL=C sort -u \
    | while read -r model; do
        if [ -f "$share/kicad/3dmodels/$model" ]; then
            printf '%s\t%s\n' "$share/kicad/3dmodels/$model" "$seed/kicad/3dmodels/${model%.wrl}.glb"
        fi
    done > "$pairs"
(cd "$repo" && cargo run -q -p mesh --bin wrl2glb -- --pairs "$pairs")
rm -f "$pairs"
# Keep the seed under 30 MB: the large packages (LQFP-100 and up, big connectors) stay out.
find "$seed/kicad/3dmodels" -name '*.glb' -size +100k -delete
find "$seed/kicad/3dmodels" -type d -empty -delete
# The same models as STEP, the format mechanical CAD opens, gzipped (the importer stores them so and
# the download unzips them): beside a kept GLB, and at most 60 KB gzipped for the seed's size.
find "$seed/kicad/3dmodels" -name '*.glb' | while read -r glb; do
    relative="${glb#"$seed/kicad/3dmodels/"}"
    step="$share/kicad/3dmodels/${relative%.glb}.step"
    [ -f "$step" ] || continue
    gzip -9nc "$step" > "${glb%.glb}.step.gz"
    [ "$(stat -c %s "${glb%.glb}.step.gz")" -le 61440 ] || rm -f "${glb%.glb}.step.gz"
done

# Fritzing core parts whose family a `fritzing` hint of the taxonomy names (the first 60 by
# file name): the importer maps every one of them.
rm -rf "$seed/fritzing"
mkdir -p "$seed/fritzing"
python3 - "$repo/data/categories/component.json" "$share/fritzing/parts/core" "$seed/fritzing" <<'PY'
import json, os, re, shutil, sys
taxonomy, core, target = sys.argv[1:4]
hints = set()
def walk(nodes):
    for node in nodes:
        hints.update(node.get("match", {}).get("fritzing", []))
        walk(node.get("children", []))
walk(json.load(open(taxonomy, encoding="utf-8"))["categories"])
chosen = []
for name in sorted(os.listdir(core)):
    if not name.endswith(".fzp"):
        continue
    text = open(os.path.join(core, name), encoding="utf-8", errors="replace").read()
    family = re.search(r'<property name="family">([^<]*)<', text)
    if family and " ".join(family.group(1).split()).lower() in hints:
        chosen.append(name)
for name in chosen[:60]:
    shutil.copy(os.path.join(core, name), target)
print(f"fritzing: {min(len(chosen), 60)} of {len(chosen)} mapped core parts")
PY

# alloy-devices chip descriptions (all of them), trimmed to what the importer reads: part, vendor,
# family, cores, memories, peripheral names and the package (the pin routes, interrupts and
# clock programs are 95% of each file). Needs PyYAML.
rm -rf "$seed/alloy-devices"
python3 - "$cache/alloy-devices/alloy_devices/data/chips" "$seed/alloy-devices" <<'PY'
import os, sys, yaml
source, target = sys.argv[1:3]
kept = 0
for vendor in sorted(os.listdir(source)):
    for name in sorted(os.listdir(os.path.join(source, vendor))):
        if not name.endswith(".yaml"):
            continue
        chip = yaml.safe_load(open(os.path.join(source, vendor, name), encoding="utf-8"))
        trimmed = {key: chip[key] for key in ("schema", "vendor", "family", "part") if key in chip}
        trimmed["cores"] = [{k: core[k] for k in ("name", "arch", "fpu") if k in core} for core in chip.get("cores", [])]
        trimmed["memories"] = [{k: m[k] for k in ("name", "kind", "size") if k in m} for m in chip.get("memories", [])]
        trimmed["peripherals"] = {p: {} for p in sorted(chip.get("peripherals", {}))}
        if chip.get("package"):
            trimmed["package"] = {k: chip["package"][k] for k in ("type", "pins", "part") if k in chip["package"]}
        os.makedirs(os.path.join(target, vendor), exist_ok=True)
        with open(os.path.join(target, vendor, name), "w", encoding="utf-8") as out:
            yaml.safe_dump(trimmed, out, sort_keys=False, allow_unicode=True)
        kept += 1
print(f"alloy-devices: {kept} chips")
PY
cp "$cache/alloy-devices/alloy_devices-"*.dist-info/licenses/LICENSE "$seed/LICENSE-alloy-devices.txt"

cp "$share/doc/kicad-symbols/copyright" "$seed/LICENSE-kicad-symbols.txt"
cp "$share/doc/fritzing-parts/copyright" "$seed/LICENSE-fritzing-parts.txt"
cp "$share/doc/kicad-packages3d/copyright" "$seed/LICENSE-kicad-packages3d.txt"
cp "$share/doc/kicad-footprints/copyright" "$seed/LICENSE-kicad-footprints.txt"

symbols=$(cat "$seed"/kicad/symbols/*.kicad_sym | grep -c '^  (symbol "')
footprints=$(find "$seed/kicad/footprints" -name '*.kicad_mod' | wc -l)
models=$(find "$seed/kicad/3dmodels" -name '*.glb' | wc -l)
steps=$(find "$seed/kicad/3dmodels" -name '*.step.gz' | wc -l)
parts=$(find "$seed/fritzing" -name '*.fzp' | wc -l)
echo "seed: ${#libraries[@]} symbol libraries, $symbols symbols, $footprints footprints, $models 3D models ($steps also as STEP), $parts Fritzing parts, $(du -sh "$seed" | cut -f1)"
