#!/usr/bin/env python3
"""Load test: `docsite serve` against nginx serving the static export of the same site, side by
side on loopback, with wrk. Measures requests per second and p99 latency at 64 connections,
with compression (gzip) and without (identity), the server's memory across rounds, and whether
other clients are served while 10,000 idle connections are held.

Usage: bench/load.py [--binary PATH] [--seconds N] [--rounds N]
Needs wrk and nginx (Debian: apt-get install wrk nginx-light). Traffic stays on 127.0.0.1, and
every run is bounded in time.
"""
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))


def arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


BINARY = arg("--binary", os.path.join(TARGET, "release", "docsite"))
SECONDS = int(arg("--seconds", "8"))
ROUNDS = int(arg("--rounds", "3"))
PAGE = "/guides/build/assets"
HELD = 10_000


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(port):
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).read()
            return
        except Exception:
            time.sleep(0.1)
    raise SystemExit(f"nothing answers on port {port}")


def wrk(port, encoding, connections=64):
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{SECONDS}s", "--latency",
         "-H", f"Accept-Encoding: {encoding}", f"http://127.0.0.1:{port}{PAGE}"],
        check=True, capture_output=True, text=True, timeout=SECONDS + 30).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rps, float(p99.group(1)) * scale, int(errors.group(1)) if errors else 0


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) / 1024


NGINX_CONF = """
daemon off;
worker_processes 2;
pid {dir}/nginx.pid;
error_log {dir}/error.log;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    include /etc/nginx/mime.types;
    sendfile on;
    tcp_nopush on;
    gzip on;
    gzip_comp_level 6;
    gzip_types text/css application/javascript application/json image/svg+xml text/markdown;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {root};
        location / {{ try_files $uri $uri/index.html =404; }}
    }}
}}
"""


def held_connections(port):
    """Opens HELD idle connections, then times 200 ordinary requests while they are held."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, HELD + 2048), hard))
    held = []
    try:
        for _ in range(HELD):
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(("127.0.0.1", port))
            held.append(s)
        time.sleep(1)
        ok, start = 0, time.perf_counter()
        for _ in range(200):
            try:
                r = urllib.request.urlopen(f"http://127.0.0.1:{port}{PAGE}", timeout=5)
                ok += r.status == 200
                r.read()
            except Exception:
                pass
        return ok, (time.perf_counter() - start) / 200 * 1000
    finally:
        for s in held:
            s.close()


def main():
    work = tempfile.mkdtemp(prefix="docsite-load-")
    os.chmod(work, 0o755)  # nginx's workers may run as another user
    export = os.path.join(work, "export")
    subprocess.run([BINARY, "build", os.path.join(REPO, "site"), "-o", export],
                   check=True, capture_output=True)
    ds_port, ng_port = free_port(), free_port()
    serve = subprocess.Popen([BINARY, "serve", os.path.join(REPO, "site"), "--port", str(ds_port),
                              "--no-watch"], stderr=subprocess.DEVNULL)
    with open(os.path.join(work, "nginx.conf"), "w") as f:
        f.write(NGINX_CONF.format(dir=work, port=ng_port, root=export))
    nginx = subprocess.Popen(["nginx", "-c", os.path.join(work, "nginx.conf"), "-p", work],
                             stderr=subprocess.DEVNULL)
    try:
        wait_up(ds_port)
        wait_up(ng_port)
        time.sleep(2)  # let serve finish compressing in the background
        print(f"page {PAGE}, wrk -t2 -c64 -d{SECONDS}s, {ROUNDS} rounds")
        print(f"{'round':>5} {'encoding':>8} {'docsite rps':>12} {'nginx rps':>10} {'ratio':>6} "
              f"{'docsite p99':>12} {'nginx p99':>10} {'docsite MiB':>12}")
        for r in range(ROUNDS):
            for encoding in ["gzip", "identity"]:
                d_rps, d_p99, d_err = wrk(ds_port, encoding)
                n_rps, n_p99, _ = wrk(ng_port, encoding)
                print(f"{r + 1:>5} {encoding:>8} {d_rps:>12.0f} {n_rps:>10.0f} {d_rps / n_rps:>6.2f} "
                      f"{d_p99:>10.2f}ms {n_p99:>8.2f}ms {rss_mib(serve.pid):>12.1f}"
                      + (f"  ({d_err} errors)" if d_err else ""))
        ok, ms = held_connections(ds_port)
        print(f"while {HELD} idle connections are held: {ok}/200 requests served, "
              f"{ms:.2f} ms each; memory {rss_mib(serve.pid):.1f} MiB")
        time.sleep(1)
        print(f"after they close: memory {rss_mib(serve.pid):.1f} MiB")
    finally:
        serve.terminate()
        nginx.terminate()
        serve.wait()
        nginx.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
