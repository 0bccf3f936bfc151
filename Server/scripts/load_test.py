#!/usr/bin/env python3
"""Load figures of fathom-server on loopback (run against a release build):

1. GET /v1/jobs/{id} with wrk (2 threads, 32 connections, 10 s): requests/s and p99 latency
   (targets: >= 2,000 req/s, p99 <= 50 ms).
2. A 200 MB upload (the sample scan plus 200 MB of incompressible padding, stored): the server's
   resident memory growth while receiving, checking and extracting it (target: <= 64 MB), read from
   /proc/PID/status (VmHWM after resetting it, minus VmRSS before).
Skips step 1 when wrk is absent. Prints one JSON object with the figures.
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile, time, zipfile
from serverlib import Server, call, create_account

p = argparse.ArgumentParser()
p.add_argument("--binary", required=True)
p.add_argument("--scan", required=True)
p.add_argument("--database")
p.add_argument("--upload-mb", type=int, default=200)
p.add_argument("--duration", type=int, default=10)
a = p.parse_args()

data = tempfile.mkdtemp(prefix="fathom-load-")
figures = {}
account = create_account(a.binary, data, a.database)
key = account["apiKey"]
server = Server(a.binary, data, a.database, "all", extra=["--log-level", "warning", "--max-upload-mb", str(a.upload_mb + 64)])
try:
    server.wait_ready()
    scan = open(a.scan, "rb").read()
    status, body = call(server.port, "POST", "/v1/scans", key, scan, "application/zip")
    assert status == 201, body
    scan_id = json.loads(body)["id"]
    status, body = call(server.port, "POST", "/v1/jobs", key, json.dumps({"scans": [scan_id]}).encode())
    job_id = json.loads(body)["id"]
    while json.loads(call(server.port, "GET", f"/v1/jobs/{job_id}", key)[1])["state"] not in ("done", "failed"):
        time.sleep(0.2)

    if shutil.which("wrk"):
        out = subprocess.run(
            ["wrk", "-t2", "-c32", f"-d{a.duration}s", "--latency", "-H", f"Authorization: Bearer {key}",
             f"http://127.0.0.1:{server.port}/v1/jobs/{job_id}"], capture_output=True, text=True, check=True).stdout
        rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
        def ms(label):
            m = re.search(label + r"\s+([\d.]+)(us|ms|s)\b", out)
            value, unit = float(m.group(1)), m.group(2)
            return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
        non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
        figures["get_job"] = {"requests_per_second": rps, "p50_ms": ms("50%"), "p99_ms": ms("99%"),
                              "non_2xx": int(non2xx.group(1)) if non2xx else 0}
    else:
        figures["get_job"] = "skipped: wrk not installed"

    # The large upload.
    big = os.path.join(data, "big.zip")
    with zipfile.ZipFile(a.scan) as src, zipfile.ZipFile(big, "w", zipfile.ZIP_STORED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, src.read(info.filename))
        with dst.open("padding.bin", "w", force_zip64=False) as f:
            for _ in range(a.upload_mb):
                f.write(os.urandom(1 << 20))
    size = os.path.getsize(big)
    pid = server.process.pid
    def status_kb(field):
        for line in open(f"/proc/{pid}/status"):
            if line.startswith(field):
                return int(line.split()[1])
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")  # reset VmHWM to the current RSS
    except OSError:
        pass
    before = status_kb("VmRSS:")
    t = time.time()
    result = subprocess.run(
        ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", f"Authorization: Bearer {key}",
         "-H", "Content-Type: application/zip", "--data-binary", f"@{big}", f"http://127.0.0.1:{server.port}/v1/scans"],
        capture_output=True, text=True)
    seconds = time.time() - t
    peak = status_kb("VmHWM:")
    figures["upload"] = {"bytes": size, "status": int(result.stdout or 0), "seconds": round(seconds, 2),
                         "rss_before_mb": round(before / 1024, 1), "peak_rss_mb": round(peak / 1024, 1),
                         "growth_mb": round((peak - before) / 1024, 1)}
finally:
    server.stop()
    shutil.rmtree(data, ignore_errors=True)
print(json.dumps(figures, indent=1))
ok = True
g = figures.get("get_job")
if isinstance(g, dict) and (g["requests_per_second"] < 2000 or g["p99_ms"] > 50 or g["non_2xx"]):
    ok = False
u = figures["upload"]
if u["status"] != 201 or u["growth_mb"] > 64:
    ok = False
print("load test:", "passed" if ok else "FAILED targets")
sys.exit(0 if ok else 1)
