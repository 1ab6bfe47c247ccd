"""What the benchmark and fuzz scripts share: a portal of their own on a fresh data directory,
readiness, an administrator signed in by password, JSON calls."""

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def http_json(url, body=None, token=None, method=None, timeout=120):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method or ("POST" if data else "GET"))
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read())


def portal_env(data_dir, log_filter="warn", **settings):
    """The environment of a portal process: no PORTAL_* of the caller's, these settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PORTAL_")}
    env.update(PORTAL_DATA_DIR=data_dir, PORTAL_WEB_DIR=REPO, PORTAL_LOG_FILTER=log_filter, **settings)
    return env


def start_portal(binary, data_dir, port, log_filter="warn", **settings):
    env = portal_env(data_dir, log_filter, PORTAL_ADDR=f"127.0.0.1:{port}", **settings)
    return subprocess.Popen([binary, "serve"], cwd=REPO, env=env, stdout=subprocess.DEVNULL)


def stop_portal(portal):
    portal.send_signal(signal.SIGTERM)
    try:
        portal.wait(timeout=30)
    except subprocess.TimeoutExpired:
        portal.kill()


def wait_ready(url, seconds=300):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            if http_json(f"{url}/health/ready", timeout=10)["code"] == 0:
                return
        except Exception:
            pass
        time.sleep(1)
    sys.exit(f"{url} did not become ready in {seconds} s")


def admin_token(url, binary, data_dir, email, password):
    """An administrator made with `portal admin create`, signed in by password: its access token."""
    subprocess.run([binary, "admin", "create", "--username", email.split("@")[0], "--email", email],
                   input=password + "\n", text=True, env=portal_env(data_dir), cwd=REPO, check=True,
                   stdout=subprocess.DEVNULL)
    answer = http_json(f"{url}/to/api/base/system/auth/login",
                       {"email": email, "password": password, "userType": 2})
    if answer.get("code") != 0:
        sys.exit(f"login failed: {answer}")
    return answer["data"]["accessToken"]
