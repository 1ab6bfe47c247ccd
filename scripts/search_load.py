#!/usr/bin/env python3
"""Search under concurrency, side by side with /health/live on the same release portal (issue 13):
wrk with N connections (64 by default), every request asking for gzip, the routes run one after the
other and interleaved over several rounds (health, search, suggest, health, search, suggest, …).
Also times the portal's start with an existing search index (the second and third start on the same
data directory), polling /health/ready every 20 ms.

    cargo build --release -p portal
    scripts/search_load.py                      # --connections 64 --duration 15 --rounds 2

Queries: distinct part numbers and words gathered from the portal's own suggestions (several hundred,
listed once each per pass; a run longer than one pass repeats them, and the output says how often).
Only a portal this script starts (loopback, its own data directory, production log level) is loaded.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from portal_harness import REPO, http_json, start_portal, stop_portal  # noqa: E402

BASE = "/to/api/public/component"
PREFIXES = ["LM", "ST", "AMS", "ES", "TL", "NE", "AT", "TPS", "74", "BA", "AD", "SN", "MAX", "IR", "BC",
            "1N", "SS", "MC", "PIC", "NRF", "CH", "GD", "HT", "XC", "LT", "OP", "TC", "SI", "FD", "RT",
            "电", "运", "稳", "晶", "二极", "三极", "单片", "连接", "开关", "传感"]
WORDS = ["10uF", "100nF", "0603", "0805", "4.7k", "22pF", "3.3V", "SOT-23", "QFN-48", "SOIC-8", "电容", "电阻",
         "运放", "晶振", "稳压", "LED", "USB", "MOSFET", "Texas", "德州仪器", "Microchip", "connector", "diode"]

LUA = r"""
local paths = {}
for line in io.lines(os.getenv("LOAD_PATHS")) do paths[#paths + 1] = line end
local counter = 0
local id = 0
function setup(thread)
  thread:set("offset", id * 7919)
  id = id + 1
end
function request()
  counter = counter + 1
  local path = paths[((counter + offset) % #paths) + 1]
  return wrk.format("GET", path, {["Accept-Encoding"] = "gzip"})
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests": %d, "duration_us": %d, "p50_us": %d, "p90_us": %d, "p99_us": %d, "max_us": %d, ' ..
    '"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max, e.connect, e.read, e.write, e.status, e.timeout))
end
"""


def ready(url):
    try:
        return http_json(f"{url}/health/ready", timeout=5)["code"] == 0
    except Exception:
        return False


def timed_start(binary, data_dir, port, url):
    started = time.monotonic()
    portal = start_portal(binary, data_dir, port, log_filter="info,sqlx=warn")
    while not ready(url):
        if portal.poll() is not None:
            sys.exit(f"the portal exited with {portal.returncode}")
        if time.monotonic() - started > 600:
            sys.exit("the portal did not become ready in 600 s")
        time.sleep(0.02)
    return portal, time.monotonic() - started


def queries(url):
    found = []
    for prefix in PREFIXES:
        q = urllib.parse.quote(prefix)
        found += http_json(f"{url}{BASE}/es/keyword/suggest?keyword={q}&size=15")["data"]
    seen, distinct = set(), []
    for text in WORDS + found:
        if text.lower() not in seen and "|" not in text:
            seen.add(text.lower())
            distinct.append(text)
    return distinct


def wrk(url, paths, connections, duration, work_dir, name):
    paths_file = os.path.join(work_dir, f"{name}.paths")
    with open(paths_file, "w") as f:
        f.write("\n".join(paths) + "\n")
    lua = os.path.join(work_dir, "search.lua")
    with open(lua, "w") as f:
        f.write(LUA)
    command = ["wrk", "-t", "2", "-c", str(connections), "-d", f"{duration}s", "--timeout", "5s", "-s", lua, url]
    output = subprocess.run(command, env=dict(os.environ, LOAD_PATHS=paths_file), capture_output=True,
                            text=True, check=True).stdout
    line = next((l for l in output.splitlines() if l.startswith("RESULT ")), None)
    if line is None:
        sys.exit(f"wrk printed no result for {name}: {output}")
    return json.loads(line[len("RESULT "):])


def gzip_answer(url, path):
    request = urllib.request.Request(url + path, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.headers.get("Content-Encoding")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(REPO, "target", "release", "portal"))
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--duration", type=int, default=15)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--port", type=int, default=18480)
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is missing: apt-get install -y wrk")
    if not os.path.exists(args.binary):
        sys.exit(f"{args.binary} is missing: cargo build --release -p portal")
    data_dir = tempfile.mkdtemp(prefix="portal-search-load-")
    url = f"http://127.0.0.1:{args.port}"
    portal = None
    try:
        print(f"load average at start: {os.getloadavg()[0]:.2f}; {os.cpu_count()} CPUs; release portal, "
              f"log filter info,sqlx=warn; {args.connections} connections, gzip, {args.duration} s per run")
        portal, first = timed_start(args.binary, data_dir, args.port, url)
        components = http_json(f"{url}{BASE}/search?allowEmpty=true&pageSize=1&facets=false")["data"]["total"]
        print(f"first start (seed import + index build): {first:.2f} s; {components} components")
        for attempt in (2, 3):
            stop_portal(portal)
            portal, seconds = timed_start(args.binary, data_dir, args.port, url)
            print(f"start {attempt} with the index on disk: {seconds:.2f} s to ready")
        texts = queries(url)
        search_paths = [f"{BASE}/search?keyWords={urllib.parse.quote(t)}&pageSize=20" for t in texts]
        suggest_paths = [f"{BASE}/es/keyword/suggest?keyword={urllib.parse.quote(t[:3])}&size=10" for t in texts]
        print(f"queries: {len(search_paths)} distinct searches (top 20 + facets), {len(set(suggest_paths))} distinct "
              f"suggestion prefixes; gzip answered: search {gzip_answer(url, search_paths[0])}, "
              f"health {gzip_answer(url, '/health/live')}")
        routes = [("health", ["/health/live"]), ("search", search_paths), ("suggest", suggest_paths)]
        results = {name: [] for name, _ in routes}
        for _ in range(args.rounds):
            for name, paths in routes:
                results[name].append(wrk(url, paths, args.connections, args.duration, data_dir, name))
        print(f"{'route':<8} {'round':>5} {'requests':>9} {'req/s':>8} {'p50 ms':>7} {'p90 ms':>7} {'p99 ms':>7} "
              f"{'max ms':>7} {'errors':>6} {'repeats':>8}")
        rates = {}
        for name, paths in routes:
            for number, r in enumerate(results[name], 1):
                rate = r["requests"] / (r["duration_us"] / 1e6)
                rates.setdefault(name, []).append((rate, r["p99_us"] / 1000))
                errors = r["connect"] + r["read"] + r["write"] + r["status"] + r["timeout"]
                repeats = r["requests"] / len(set(paths))
                print(f"{name:<8} {number:>5} {r['requests']:>9} {rate:>8.0f} {r['p50_us']/1000:>7.2f} "
                      f"{r['p90_us']/1000:>7.2f} {r['p99_us']/1000:>7.2f} {r['max_us']/1000:>7.1f} {errors:>6} "
                      f"{repeats:>7.0f}x")
        health = sum(rate for rate, _ in rates["health"]) / len(rates["health"])
        search = sum(rate for rate, _ in rates["search"]) / len(rates["search"])
        worst_p99 = max(p99 for _, p99 in rates["search"])
        print(f"search / health throughput: {search / health * 100:.0f} % (aim ≥ 50 %); "
              f"search p99 worst round {worst_p99:.2f} ms (aim ≤ 20 ms)")
        print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    finally:
        if portal:
            stop_portal(portal)
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
