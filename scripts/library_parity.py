#!/usr/bin/env python3
"""Same answers before and after a refactoring of a library (issue 15): records what the component
library answers to a fixed set of calls — searches (keywords, values, facets, ranges, sorting, pages),
suggestions, details, comparisons, category listings, manufacturers, KiCad HTTP library — from a
portal this script starts on a fresh data directory, and compares two recordings.

    cargo build -p portal
    scripts/library_parity.py record /tmp/before.json            # on the commit before
    scripts/library_parity.py record /tmp/after.json             # on the commit after
    scripts/library_parity.py compare /tmp/before.json /tmp/after.json

`--binary` picks another portal build (default target/debug/portal). Fields that change on every
import (timestamps) are left out of the comparison; everything else must be equal, in order.
"""

import argparse
import json
import os
import shutil
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from portal_harness import REPO, http_json, start_portal, stop_portal, wait_ready  # noqa: E402

BASE = "/to/api/public/component"
KEYWORDS = ["LM358", "lm358", "NE555", "STM32F103", "STM32", "ATmega328P", "AMS1117", "TL431", "1N4148",
            "BC547", "ESP32", "电容", "电阻", "运放", "运算放大器", "稳压器", "二极管", "三极管", "单片机", "晶振",
            "capacitor", "resistor", "opamp", "regulator", "MOSFET", "LED", "USB", "connector", "Texas",
            "德州仪器", "Microchip", "SOIC-8", "SOT-23", "QFN-48", "0603", "LQFP-64", "WLCSP-64", "74HC595",
            "TPS", "MAX232", "CH340", "GD32", "nRF52", "IRF540", "SS34", "XC6206"]
VALUES = ["10uF", "100nF", "4.7k", "22pF", "0.01mF", "10000nF", "1k", "3.3V"]
SEARCHES = (
    [f"keyWords={urllib.parse.quote(k)}" for k in KEYWORDS]
    + [f"notAnalyzerKeyWords={urllib.parse.quote(v)}" for v in VALUES]
    + [
        "keyWords=LM358&pageNo=2&pageSize=5",
        "keyWords=STM32&sort=partNumber&pageSize=20",
        "keyWords=STM32&sort=-partNumber&pageSize=20",
        "keyWords=%E7%94%B5%E5%AE%B9&sort=param:capacitance&pageSize=20",
        "keyWords=%E7%94%B5%E5%AE%B9&sort=-param:capacitance&pageSize=20",
        "keyWords=capacitor&range=" + urllib.parse.quote("capacitance:1nF..10uF"),
        "keyWords=regulator&range=" + urllib.parse.quote("voltage >= 3V and <= 5V"),
        "keyWords=opamp&package=SOIC-8",
        "keyWords=STM32&manufacturer=" + urllib.parse.quote("STMicroelectronics"),
        "category=capacitor&allowEmpty=true&pageSize=30",
        "category=resistor&allowEmpty=true&facets=false",
        "allowEmpty=true&pageSize=50",
        "keyWords=LM358%7CSOIC-8",
        "keyWords=",
        "keyWords=x&pageSize=101",
        "keyWords=x&range=nonsense",
        "keyWords=x&sort=bogus",
    ]
)
SUGGEST_PREFIXES = ["LM", "ST", "AMS", "NE", "TL", "74", "电", "运", "稳", "单片", "capa", "res", "USB", "ESP"]
VOLATILE = {"updatedAt", "updateTime", "createTime", "createdAt", "importedAt", "elapsedMs", "traceId"}


def scrub(value):
    if isinstance(value, dict):
        return {k: scrub(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


def call(url, path):
    try:
        return scrub(http_json(f"{url}{path}"))
    except urllib.error.HTTPError as error:  # an error answer is recorded too
        return {"httpStatus": error.code, "body": scrub(json.loads(error.read() or b"null"))}


def ids_of(answer):
    data = answer.get("data") or {}
    items = data.get("list") or data.get("items") or []
    return [item.get("id") or (item.get("component") or {}).get("id") for item in items]


def record(url):
    answers = {}
    for query in SEARCHES:
        answers[f"search?{query}"] = call(url, f"{BASE}/search?{query}")
    for prefix in SUGGEST_PREFIXES:
        path = f"/es/keyword/suggest?keyword={urllib.parse.quote(prefix)}&size=15"
        answers[path] = call(url, f"{BASE}{path}")
    # Details, drawings' presence, alternatives and recommendations of the first hits of a few searches.
    ids = []
    for query in ["keyWords=LM358", "keyWords=STM32", "keyWords=%E7%94%B5%E5%AE%B9", "keyWords=USB",
                  "keyWords=AMS1117", "keyWords=NE555"]:
        ids += [i for i in ids_of(answers[f"search?{query}"])[:3] if i is not None]
    for item_id in ids:
        for path in [f"/item/{item_id}", f"/item/{item_id}/alternatives?size=5",
                     f"/item/{item_id}/recommendations?size=5"]:
            answers[path] = call(url, f"{BASE}{path}")
    compare = ",".join(str(i) for i in ids[:4])
    answers[f"/item/compare?ids={compare}"] = call(url, f"{BASE}/item/compare?ids={compare}")
    answers["/item/compare?ids=1"] = call(url, f"{BASE}/item/compare?ids=1")
    answers["/item/999999999"] = call(url, f"{BASE}/item/999999999")
    for path in ["/category/capacitor/items?pageNo=1&pageSize=20", "/category/mcu/items?pageNo=2&pageSize=10",
                 "/category/no-such-code/items", "/category/counts", "/manufacturer/page?pageNo=1&pageSize=20",
                 "/manufacturer/page?keyWords=st&pageNo=1&pageSize=10", "/kicad-api/v1/categories.json"]:
        answers[path] = call(url, f"{BASE}{path}")
    manufacturers = (answers["/manufacturer/page?pageNo=1&pageSize=20"].get("data") or {}).get("list") or []
    for manufacturer in manufacturers[:3]:
        path = f"/manufacturer/{manufacturer['id']}?pageNo=1&pageSize=10"
        answers[path] = call(url, f"{BASE}{path}")
    return answers


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out")
    rec.add_argument("--binary", default=os.path.join(REPO, "target/debug/portal"))
    rec.add_argument("--port", type=int, default=18610)
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("before")
    cmp_.add_argument("after")
    args = parser.parse_args()

    if args.command == "record":
        data_dir = tempfile.mkdtemp(prefix="library-parity-")
        portal = start_portal(args.binary, data_dir, args.port)
        url = f"http://127.0.0.1:{args.port}"
        try:
            wait_ready(url)
            answers = record(url)
        finally:
            stop_portal(portal)
            shutil.rmtree(data_dir, ignore_errors=True)
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(answers, out, ensure_ascii=False, indent=1, sort_keys=True)
        print(f"{len(answers)} answers recorded in {args.out}")
        return

    with open(args.before, encoding="utf-8") as f:
        before = json.load(f)
    with open(args.after, encoding="utf-8") as f:
        after = json.load(f)
    differing = [key for key in sorted(set(before) | set(after)) if before.get(key) != after.get(key)]
    for key in differing:
        print(f"DIFFERS {key}\n  before: {json.dumps(before.get(key), ensure_ascii=False)[:400]}"
              f"\n  after:  {json.dumps(after.get(key), ensure_ascii=False)[:400]}")
    print(f"{len(before)} calls before, {len(after)} after; {len(differing)} differ")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
