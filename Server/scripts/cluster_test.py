#!/usr/bin/env python3
"""Multi-process test of fathom-server on loopback.

PostgreSQL (--database URL): one API process and two worker processes share the database and the blob
folder; 20 scans are uploaded concurrently and converted; one worker is killed with SIGKILL while it
holds a job; every job must finish exactly once (one 'done' webhook each, signatures valid), the killed
worker's job on the other worker after its lease ran out.
SQLite (no --database): one process (role all, two worker tasks); it is killed with SIGKILL mid-job and
started again; the same checks.
Exit status 0 when every check passes; prints the figures.
"""
import argparse, concurrent.futures, json, os, shutil, sys, tempfile, time
from serverlib import Server, WebhookListener, call, create_account, verify

p = argparse.ArgumentParser()
p.add_argument("--binary", required=True)
p.add_argument("--scan", required=True, help="a scan package zip (fathom-server sample-scan)")
p.add_argument("--database")
p.add_argument("--jobs", type=int, default=20)
p.add_argument("--lease", type=float, default=3)
p.add_argument("--timeout", type=float, default=900)
a = p.parse_args()

data = tempfile.mkdtemp(prefix="fathom-cluster-")
listener = WebhookListener()
account = create_account(a.binary, data, a.database, listener.url)
key, secret = account["apiKey"], account["webhookSecret"]
extra = ["--lease-seconds", str(a.lease), "--log-level", "notice"]
failures = []
processes = []
try:
    if a.database:
        api = Server(a.binary, data, a.database, "api", extra=extra)
        workers = [Server(a.binary, data, a.database, "worker", extra=extra) for _ in range(2)]
        processes = [api] + workers
    else:
        api = Server(a.binary, data, None, "all", extra=extra + ["--workers", "2"])
        workers = [api]
        processes = [api]
    api.wait_ready()
    scan = open(a.scan, "rb").read()
    started = time.time()

    def upload(_):
        status, body = call(api.port, "POST", "/v1/scans", key, scan, "application/zip")
        if status != 201:
            raise RuntimeError(f"upload answered {status}: {body[:200]}")
        scan_id = json.loads(body)["id"]
        status, body = call(api.port, "POST", "/v1/jobs", key, json.dumps({"scans": [scan_id]}).encode())
        if status != 202:
            raise RuntimeError(f"job answered {status}: {body[:200]}")
        return json.loads(body)["id"]

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        jobs = list(pool.map(upload, range(a.jobs)))
    print(f"uploaded {a.jobs} scans concurrently and queued their jobs in {time.time() - started:.1f} s")

    # Kill a worker while it holds a job (the first running job with some progress).
    killed_at = None
    deadline = time.time() + a.timeout
    while killed_at is None and time.time() < deadline:
        states = [json.loads(call(api.port, "GET", f"/v1/jobs/{j}", key)[1]) for j in jobs]
        if any(s["state"] == "running" and s["progress"] > 0 for s in states):
            victim = workers[0]
            victim.kill9()
            killed_at = time.time()
            running = [s["id"] for s in states if s["state"] == "running"]
            print(f"kill -9 of a worker (pid {victim.process.pid}) with jobs running: {running}")
            if not a.database:
                # One process: start it again on the same data.
                api = Server(a.binary, data, None, "all", port=api.port, extra=extra + ["--workers", "2"])
                processes.append(api)
                api.wait_ready()
        else:
            time.sleep(0.05)
    if killed_at is None:
        failures.append("no job was seen running before the timeout")

    final = {}
    while time.time() < deadline:
        final = {j: json.loads(call(api.port, "GET", f"/v1/jobs/{j}", key)[1]) for j in jobs}
        if all(s["state"] in ("done", "failed") for s in final.values()):
            break
        time.sleep(0.25)
    elapsed = time.time() - started
    done = [s for s in final.values() if s["state"] == "done"]
    retaken = [s["id"] for s in final.values() if s["attempts"] > 1]
    print(f"{len(done)}/{a.jobs} jobs done in {elapsed:.1f} s; taken again after the kill: {retaken}")
    if len(done) != a.jobs:
        failures.append(f"jobs not done: {[(s['id'], s['state'], s.get('reason')) for s in final.values() if s['state'] != 'done']}")
    if not retaken:
        failures.append("no job was taken again after the kill")
    # Results present and identical across jobs (same scan in, same plan out).
    plans = {call(api.port, "GET", f"/v1/jobs/{j}/results/plan.json", key)[1] for j in jobs if final.get(j, {}).get("state") == "done"}
    if len(plans) != 1:
        failures.append(f"{len(plans)} different plans from {a.jobs} identical scans")

    # Webhooks: exactly one 'done' per job, every signature valid.
    time.sleep(3)
    events = listener.snapshot()
    bad = sum(1 for h, b in events if not verify(h, b, secret))
    done_events = {}
    for _, b in events:
        e = json.loads(b)["job"]
        if e["state"] == "done":
            done_events[e["id"]] = done_events.get(e["id"], 0) + 1
    print(f"webhooks: {len(events)} received, {bad} with a bad signature, 'done' per job: {sorted(set(done_events.values()))}")
    if bad:
        failures.append(f"{bad} webhook signatures do not verify")
    if any(done_events.get(j, 0) != 1 for j in jobs):
        failures.append(f"'done' webhooks per job: {done_events}")
finally:
    for proc in processes:
        proc.stop()
    listener.close()
    if failures:
        print(f"logs kept in {data}")
    else:
        shutil.rmtree(data, ignore_errors=True)

for f in failures:
    print("FAIL:", f)
print("cluster test:", "FAILED" if failures else "passed", "(PostgreSQL, 1 API + 2 workers)" if a.database else "(SQLite, one process)")
sys.exit(1 if failures else 0)
