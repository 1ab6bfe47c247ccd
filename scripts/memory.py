#!/usr/bin/env python3
"""Memory under attack-shaped bursts: starts the portal (release by default) on a fresh data
directory and samples its resident memory (VmRSS) every 20 ms while it receives
  1. 200 parallel password logins of unknown accounts (each one an argon2 verification),
  2. 30 parallel 60 MB part PUTs with a bad signature,
  3. 30 parallel 60 MB part PUTs to valid signed URLs (streamed to disk),
then prints idle, peak and settled RSS per phase. Aims: peak < 600 MB, settled within 20 % of idle.

    scripts/memory.sh [--binary target/release/portal]
"""

import argparse
import concurrent.futures
import http.client
import os
import shutil
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse

from portal_harness import REPO, admin_token, http_json, start_portal, stop_portal, wait_ready
PART = 60 * 1024 * 1024
CHUNK = b"\0" * (1024 * 1024)


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Sampler(threading.Thread):
    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.running = pid, 0.0, True

    def run(self):
        while self.running:
            self.peak = max(self.peak, rss_mb(self.pid))
            time.sleep(0.02)

    def reset(self):
        self.peak = rss_mb(self.pid)


def put_part(url):
    """Streams 60 MB to `url`; answers the HTTP status (0 when the server closed early)."""
    parsed = urllib.parse.urlparse(url)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=120)
    try:
        connection.putrequest("PUT", parsed.path + ("?" + parsed.query if parsed.query else ""))
        connection.putheader("Content-Type", "application/octet-stream")
        connection.putheader("Content-Length", str(PART))
        connection.endheaders()
        for _ in range(PART // len(CHUNK)):
            connection.send(CHUNK)
        return connection.getresponse().status
    except (BrokenPipeError, ConnectionResetError):
        try:
            return connection.getresponse().status
        except Exception:
            return 0
    finally:
        connection.close()


def settle(pid, seconds=10):
    time.sleep(seconds)
    return rss_mb(pid)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(REPO, "target", "release", "portal"))
    args = parser.parse_args()
    data_dir = tempfile.mkdtemp(prefix="portal-memory-")
    port = 18600 + os.getpid() % 90
    url = f"http://127.0.0.1:{port}"
    # The attacker's guesses must reach argon2: no lockout or probe limit in the way.
    portal = start_portal(args.binary, data_dir, port, PORTAL_ACCOUNTS__LOCKOUT__IP_MAX_FAILURES="1000000")
    failed = False
    try:
        wait_ready(url)
        token = admin_token(url, args.binary, data_dir, "memory@example.com", "Memory#2026test")
        time.sleep(5)
        idle = rss_mb(portal.pid)
        sampler = Sampler(portal.pid)
        sampler.start()
        print(f"idle RSS: {idle:.0f} MB")

        def login(i):
            try:
                return http_json(f"{url}/to/api/base/system/auth/login",
                               {"email": f"nobody{i}@example.com", "password": "Wrong#2026x", "userType": 2})["code"]
            except urllib.error.HTTPError as error:  # 503: the hashing queue is full ("busy, retry")
                return f"HTTP {error.code}"

        session = http_json(f"{url}/to/api/base/file/bigfile/init",
                          {"type": 3, "bizCode": "ModelFiles", "fileName": "memory.step", "storageType": 11,
                           "size": 8 * PART}, token)["data"]  # within the 500 MB of ModelFiles; the PUTs are parts 1..30 of 3 MB slots
        part_urls = []
        for number in range(1, 31):
            answer = http_json(f"{url}/to/api/base/file/bigfile/getPartUploadUrl?uploadId={session['uploadId']}"
                             f"&chunkIndex={number}&path={urllib.parse.quote(session['path'])}&storageType=11",
                             token=token)
            part_urls.append(answer["data"]["singedUrl"])
        bad_urls = [u[:-4] + "0000" for u in part_urls]

        phases = [
            ("200 parallel logins", 200, login, range(200)),
            ("30 parallel 60 MB PUTs, bad signature", 30, put_part, bad_urls),
            ("30 parallel 60 MB PUTs, signed", 30, put_part, part_urls),
        ]
        print(f"{'phase':<40} {'peak MB':>8} {'settled MB':>11}  answers")
        for name, workers, work, items in phases:
            sampler.reset()
            with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
                answers = list(pool.map(work, items))
            peak = sampler.peak
            settled = settle(portal.pid)
            tally = {}
            for answer in answers:
                tally[answer] = tally.get(answer, 0) + 1
            print(f"{name:<40} {peak:>8.0f} {settled:>11.0f}  {tally}")
            failed |= peak >= 600 or settled > idle * 1.2
        sampler.running = False
        print("aims: peak < 600 MB, settled within 20 % of idle: " + ("NOT MET" if failed else "met"))
        return 1 if failed else 0
    finally:
        stop_portal(portal)
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
