#!/usr/bin/env python3
"""Mixed-traffic load on a portal over loopback, with wrk: N connections for D seconds, split over
component search (distinct queries), keyword suggestions, the token check and /health/live, all at
once. Prints requests, throughput, p50/p99 and errors (5xx, other non-2xx, socket errors, timeouts)
per route; exits 1 when any route had an error.

    scripts/load.sh                       # starts target/release/portal on a fresh data directory
    scripts/load.sh --url http://127.0.0.1:8080 --connections 500 --duration 60

Only loopback targets are accepted: this is a benchmark of our own portal, not a tool against others.
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

from portal_harness import REPO, admin_token, start_portal, stop_portal, wait_ready

SEARCH_QUERIES = [
    "LM358", "STM32F401", "AMS1117", "10uF", "100nF", "0603", "NE555", "ESP32", "TL431", "电容",
    "电阻", "LED", "USB", "MOSFET", "运放", "晶振", "ATmega328", "LM317", "1N4148", "TPS5430",
    "4.7k", "22pF", "SOT-23", "QFN-48", "稳压", "Texas", "STMicroelectronics", "BAT54", "74HC595", "ADS1115",
]
SUGGEST_PREFIXES = ["LM", "ST", "AMS", "10", "ES", "TL", "电", "NE", "AT", "TPS", "74", "BA", "AD", "SO", "QF"]

# Share of the connections per route (search is the expensive one users hit most).
MIX = [("search", 0.4), ("suggest", 0.2), ("check-token", 0.2), ("health", 0.2)]

LUA = r"""
local paths = {}
for line in io.lines(os.getenv("LOAD_PATHS")) do paths[#paths + 1] = line end
local token = os.getenv("LOAD_TOKEN")
local counter = 0
local statuses = {}
function setup(thread)
  thread:set("offset", math.random(1, #paths))
end
function request()
  counter = counter + 1
  local path = paths[((counter + offset) % #paths) + 1]
  local headers = {["Accept-Encoding"] = "gzip"}
  if token ~= nil and token ~= "" then headers["Authorization"] = "Bearer " .. token end
  return wrk.format("GET", path, headers)
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, "max_us": %d, ' ..
    '"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
"""


def route_paths(route):
    if route == "search":
        return [f"/to/api/public/component/search?keyWords={urllib.parse.quote(q)}&pageNo={p}&pageSize=20"
                for q in SEARCH_QUERIES for p in (1, 2)]
    if route == "suggest":
        return [f"/to/api/public/component/es/keyword/suggest?keyword={urllib.parse.quote(q)}&size=10"
                for q in SUGGEST_PREFIXES]
    if route == "check-token":
        return ["/to/api/base/system/auth/check-token"]
    return ["/health/live"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="a running portal (loopback); default: start target/release/portal")
    parser.add_argument("--binary", default=os.path.join(REPO, "target", "release", "portal"))
    parser.add_argument("--connections", type=int, default=500)
    parser.add_argument("--duration", type=int, default=60)
    parser.add_argument("--threads", type=int, default=1, help="wrk threads per route")
    parser.add_argument("--timeout", default="5s", help="a request slower than this counts as a timeout")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is missing: apt-get install -y wrk")

    portal = None
    data_dir = tempfile.mkdtemp(prefix="portal-load-")
    url = args.url
    try:
        if url is None:
            if not os.path.exists(args.binary):
                sys.exit(f"{args.binary} is missing: cargo build --release -p portal")
            port = 18700 + os.getpid() % 200
            url = f"http://127.0.0.1:{port}"
            portal = start_portal(args.binary, data_dir, port)
        host = urllib.parse.urlparse(url).hostname
        if host not in ("127.0.0.1", "localhost", "::1"):
            sys.exit(f"refusing to load {host}: loopback only")
        wait_ready(url)
        token = (admin_token(url, args.binary, data_dir, f"load-{int(time.time())}@example.com", "Load#2026test")
                 if portal else os.environ.get("LOAD_TOKEN", ""))
        lua = os.path.join(data_dir, "mix.lua")
        with open(lua, "w") as f:
            f.write(LUA)
        runs = []
        for route, share in MIX:
            paths_file = os.path.join(data_dir, f"{route}.paths")
            with open(paths_file, "w") as f:
                f.write("\n".join(route_paths(route)) + "\n")
            connections = max(args.threads, int(args.connections * share))
            env = dict(os.environ, LOAD_PATHS=paths_file, LOAD_TOKEN=token if route == "check-token" else "")
            command = ["wrk", "-t", str(args.threads), "-c", str(connections), "-d", f"{args.duration}s",
                       "--timeout", args.timeout, "-s", lua, url]
            runs.append((route, connections, subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)))
        failed = False
        print(f"{'route':<12} {'conns':>5} {'requests':>9} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'errors':>7}")
        for route, connections, process in runs:
            output, _ = process.communicate()
            line = next((l for l in output.splitlines() if l.startswith("RESULT ")), None)
            if line is None:
                print(output)
                sys.exit(f"wrk printed no result for {route}")
            r = json.loads(line[len("RESULT "):])
            errors = r["connect"] + r["read"] + r["write"] + r["status"] + r["timeout"]
            failed |= errors > 0
            rate = r["requests"] / (r["duration_us"] / 1e6)
            print(f"{route:<12} {connections:>5} {r['requests']:>9} {rate:>8.0f} {r['p50_us']/1000:>8.1f} "
                  f"{r['p99_us']/1000:>8.1f} {r['max_us']/1000:>8.1f} {errors:>7}"
                  + (f"  (status {r['status']}, timeout {r['timeout']}, connect {r['connect']}, read {r['read']})" if errors else ""))
        return 1 if failed else 0
    finally:
        if portal:
            stop_portal(portal)
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
