#!/usr/bin/env python3
"""Schemathesis over every service's OpenAPI document of a running (or freshly started) portal:
generated requests to every operation, signed in as an administrator, checking that no answer is
a server error (5xx) and that every answer fits the documented schema.

    scripts/fuzz.sh                 # ≥ 20,000 requests (the full run)
    scripts/fuzz.sh --quick         # ≥ 2,000 requests (the test command runs this)
    scripts/fuzz.sh --url http://127.0.0.1:8080 --token <access token>

JUnit reports go to --report-dir (one file per service); exits 1 on any failure or when fewer
requests than the minimum were made.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from portal_harness import REPO, admin_token, start_portal, stop_portal, wait_ready
SERVICES = ["system", "component", "part", "mat"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="the short run of the test command")
    parser.add_argument("--url")
    parser.add_argument("--token", default="")
    parser.add_argument("--binary", default=os.path.join(REPO, "target", "debug", "portal"))
    parser.add_argument("--report-dir", default=os.path.join(REPO, "reports"))
    args = parser.parse_args()
    st = shutil.which("st") or shutil.which("schemathesis")
    if st is None:
        sys.exit("schemathesis is missing: python3 -m pip install schemathesis")
    minimum = 2_000 if args.quick else 20_000
    examples, seconds = (3, 12) if args.quick else (25, 300)

    portal = None
    data_dir = tempfile.mkdtemp(prefix="portal-fuzz-")
    url, token = args.url, args.token
    try:
        if url is None:
            port = 18900 + os.getpid() % 90
            url = f"http://127.0.0.1:{port}"
            # Generous limits: the fuzzer is one client sending thousands of requests. The fuzzer's
            # malformed headers are refused by actix before any handler; their log lines are noise.
            portal = start_portal(args.binary, data_dir, port, "warn,actix_http::h1::dispatcher=off",
                                  PORTAL_ACCOUNTS__LOCKOUT__IP_HOURLY_PROBES="1000000",
                                  PORTAL_ACCOUNTS__LOCKOUT__IP_MAX_FAILURES="1000000",
                                  PORTAL_ACCOUNTS__CODES__IP_HOURLY_LIMIT="1000000")
            wait_ready(url)
            token = admin_token(url, args.binary, data_dir, f"fuzz-{int(time.time())}@example.com", "Fuzz#2026test")
        os.makedirs(args.report_dir, exist_ok=True)
        total = failures = 0
        for service in SERVICES:
            report = os.path.join(args.report_dir, f"fuzz-{service}.xml")
            command = [st, "run", f"{url}/to/api/docs/{service}/openapi.json",
                       "--checks", "not_a_server_error,response_schema_conformance",
                       "--phases", "examples,coverage,fuzzing", "-n", str(examples),
                       "--max-time", str(seconds), "--no-shrink", "--seed", "20261125",
                       "--report", "junit", "--report-junit-path", report]
            if token:
                command += ["-H", f"Authorization: Bearer {token}"]
            run = subprocess.run(command, cwd=data_dir, capture_output=True, text=True)
            generated = re.search(r"(\d+) generated", run.stdout)
            count = int(generated.group(1)) if generated else 0
            total += count
            summary = [l for l in run.stdout.splitlines() if "generated" in l or "❌" in l]
            print(f"{service}: {count} requests; " + "; ".join(s.strip() for s in summary))
            if run.returncode != 0:
                failures += 1
                print(run.stdout[-6000:])
        print(f"fuzz: {total} requests over {len(SERVICES)} services, {failures} services with failures")
        if total < minimum:
            print(f"fuzz: fewer than {minimum} requests were made")
            return 1
        return 1 if failures else 0
    finally:
        if portal:
            stop_portal(portal)
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
