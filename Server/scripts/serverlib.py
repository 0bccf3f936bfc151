"""Shared helpers of the server scripts: start fathom-server processes, call the API, receive webhooks."""
import hashlib, hmac, http.server, json, os, signal, socket, subprocess, threading, time, urllib.error, urllib.request


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    """One fathom-server process (its output goes to a log file)."""

    def __init__(self, binary, data, database=None, role="all", port=None, extra=(), log=None):
        self.port = port or free_port()
        args = [binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--data", data, "--role", role]
        if database:
            args += ["--database", database]
        args += list(extra)
        self.log = open(log or os.path.join(data, f"{role}-{self.port}.log"), "ab")
        self.process = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT)
        self.role = role

    def wait_ready(self, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"fathom-server ({self.role}) exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=1) as r:
                    if r.status == 200:
                        return
            except Exception:
                time.sleep(0.1)
        raise RuntimeError("fathom-server did not become ready")

    def kill9(self):
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def create_account(binary, data, database=None, webhook=None):
    args = [binary, "account", "create", "--data", data, "--json"]
    if database:
        args += ["--database", database]
    if webhook:
        args += ["--webhook", webhook]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def call(port, method, path, key=None, body=None, content_type="application/json", timeout=600):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method=method)
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    if body is not None:
        request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def verify(header, body, secret):
    parts = dict(p.split("=", 1) for p in header.split(",") if "=" in p)
    mac = hmac.new(secret.encode(), parts["t"].encode() + b"." + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(mac, parts.get("v1", ""))


class WebhookListener:
    """Records webhook POSTs on 127.0.0.1 (always answers 200)."""

    def __init__(self):
        self.events = []
        self.lock = threading.Lock()
        listener = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with listener.lock:
                    listener.events.append((self.headers.get("Fathom-Signature", ""), body))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def snapshot(self):
        with self.lock:
            return list(self.events)

    def close(self):
        self.server.shutdown()


class SingleServer:
    """A temporary data folder, one account and one fathom-server on it, all removed on exit:
    `with SingleServer(binary, database) as (server, key, data): …`."""

    def __init__(self, binary, database=None, prefix="fathom-"):
        self.binary, self.database, self.prefix = binary, database, prefix

    def __enter__(self):
        import tempfile
        self.data = tempfile.mkdtemp(prefix=self.prefix)
        self.server = None
        try:
            key = create_account(self.binary, self.data, self.database)["apiKey"]
            self.server = Server(self.binary, self.data, self.database, extra=["--log-level", "warning"])
            self.server.wait_ready()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self.server, key, self.data

    def __exit__(self, *exc):
        import shutil
        if self.server:
            self.server.stop()
        shutil.rmtree(self.data, ignore_errors=True)
        return False


def percentile(values, q):
    """The q-quantile (0-1) of values by the nearest-rank rule."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(-(-q * len(ordered) // 1)) - 1))]
