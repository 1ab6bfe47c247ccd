#!/usr/bin/env python3
"""Exports the element columns the materials library uses from mendeleev's `elements.db` to a
small CSV (data/materials/mendeleev/elements.csv), with the unit of each column in its header.

    pip download --no-deps mendeleev==1.3.0 -d /tmp/md && unzip -q /tmp/md/*.whl -d /tmp/md/x
    python3 scripts/materials/export_mendeleev.py /tmp/md/x/mendeleev/elements.db data/materials/mendeleev/elements.csv

Melting and boiling points come from `phasetransitions` (kelvin; an element with several rows,
one per allotrope, keeps the row without an allotrope, else the first).
"""
import csv
import sqlite3
import sys

QUERY = """
SELECT e.atomic_number, e.symbol, e.name, s.name AS series, e.atomic_weight,
       e.density, e.thermal_conductivity, e.specific_heat_capacity,
       (SELECT p.melting_point FROM phasetransitions p WHERE p.atomic_number = e.atomic_number
         ORDER BY p.allotrope IS NOT NULL, p.id LIMIT 1) AS melting_point,
       (SELECT p.boiling_point FROM phasetransitions p WHERE p.atomic_number = e.atomic_number
         ORDER BY p.allotrope IS NOT NULL, p.id LIMIT 1) AS boiling_point,
       e.cas
FROM elements e LEFT JOIN series s ON s.id = e.series_id
ORDER BY e.atomic_number
"""

HEADER = [
    "atomic_number", "symbol", "name", "series", "atomic_weight",
    "density_g_cm3", "thermal_conductivity_W_mK", "specific_heat_J_gK",
    "melting_point_K", "boiling_point_K", "cas",
]


def main():
    db, out = sys.argv[1], sys.argv[2]
    rows = sqlite3.connect(db).execute(QUERY).fetchall()
    with open(out, "w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(HEADER)
        writer.writerows(["" if v is None else float(f"{v:.6g}") if isinstance(v, float) else v for v in row] for row in rows)
    print(f"{len(rows)} elements → {out}")


if __name__ == "__main__":
    main()
