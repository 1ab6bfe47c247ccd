#!/usr/bin/env bash
# Rebuilds the committed component seed (data/components/) from the fetched sources
# (scripts/fetch-component-sources.sh). Deterministic: a fixed list of KiCad symbol libraries,
# copied whole, plus exactly the footprints their symbols name, plus the Debian copyright files.
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

cp "$share/doc/kicad-symbols/copyright" "$seed/LICENSE-kicad-symbols.txt"
cp "$share/doc/kicad-footprints/copyright" "$seed/LICENSE-kicad-footprints.txt"

symbols=$(cat "$seed"/kicad/symbols/*.kicad_sym | grep -c '^  (symbol "')
footprints=$(find "$seed/kicad/footprints" -name '*.kicad_mod' | wc -l)
echo "seed: ${#libraries[@]} symbol libraries, $symbols symbols, $footprints footprints, $(du -sh "$seed" | cut -f1)"
