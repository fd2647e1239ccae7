"""mvsearch serve and mvsearch mcp against nginx. Run through Benchmarks/serve, which installs
what is missing and builds first; see its header for what is measured."""
import datetime, json, os, platform, re, signal, socket, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build-bench/release")
MVSEARCH = os.path.join(PRODUCTS, "mvsearch")
NGINX = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else "/usr/sbin/nginx"
SECONDS = int(os.environ.get("MVSEARCH_SERVE_BENCH_SECONDS", "5"))
CONNECTIONS = [1, 16, 64]
MCP_CALLS = 50
RESULTS = os.path.join(ROOT, "Benchmarks", "serve-results.md")
ITUNES_PATH = "/search?term=benchmark&country=US&media=musicVideo&entity=musicVideo&limit=25"
SERVE_PATH = "/v1/search?term=benchmark&limit=25"

FAKE_ITUNES = r'''
import http.server, sys
body = open(sys.argv[1], "rb").read()
count = [0]
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        count[0] += 1
        if self.path == "/count":
            answer = str(count[0] - 1).encode()
        else:
            answer = body
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript; charset=utf-8")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)
    def log_message(self, *args):
        pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
'''

NGINX_CONF = """
worker_processes auto;
user root;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/client_body;
    proxy_temp_path {tmp}/proxy_temp;
    fastcgi_temp_path {tmp}/fastcgi_temp;
    uwsgi_temp_path {tmp}/uwsgi_temp;
    scgi_temp_path {tmp}/scgi_temp;
    proxy_cache_path {tmp}/cache-itunes keys_zone=itunes:1m;
    proxy_cache_path {tmp}/cache-serve keys_zone=serve:1m;
    keepalive_requests 1000000;
    # (b) in front of the fake iTunes, which says nothing of caching: nginx is told to keep it.
    server {{
        listen 127.0.0.1:{itunes_port};
        location / {{
            proxy_pass http://127.0.0.1:{upstream_port};
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_cache itunes;
            proxy_cache_valid 200 10m;
            add_header X-Cache-Status $upstream_cache_status;
        }}
    }}
    # (c) in front of mvsearch serve: no proxy_cache_valid, so only serve's Cache-Control counts.
    server {{
        listen 127.0.0.1:{serve_port};
        location / {{
            proxy_pass http://127.0.0.1:{mvsearch_port};
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_cache serve;
            add_header X-Cache-Status $upstream_cache_status;
        }}
    }}
}}
"""


def answer_25():
    """A 25-video answer in the recorded shape: the Clairo search's rows, repeated with new ids."""
    with open(os.path.join(ROOT, "Mocks", "Fixtures", "search-musicvideo-clairo.json"), encoding="utf-8") as f:
        rows = json.loads(f.read())["results"]
    out = []
    for i in range(25):
        row = dict(rows[i % len(rows)])
        row["trackId"] = 1_400_000_000 + i
        row["trackName"] = f'{row["trackName"]} #{i}'
        out.append(json.dumps(row, ensure_ascii=False))
    return "\n\n\n{\n \"resultCount\":25,\n \"results\": [\n" + ", \n".join(out) + "]\n}\n\n\n"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url, headers=None):
    """One GET with curl: (status line code, headers text, body)."""
    command = ["curl", "-sS", "--max-time", "10", "-D", "-", url]
    for header in headers or []:
        command += ["-H", header]
    output = subprocess.run(command, capture_output=True, check=True).stdout.decode("utf-8", "replace")
    head, _, body = output.partition("\r\n\r\n")
    return int(head.split(" ")[1]), head, body


def header(head, name):
    for line in head.split("\r\n"):
        key, _, value = line.partition(":")
        if key.strip().lower() == name.lower():
            return value.strip()
    return None


def wait_for(check, what, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except (OSError, subprocess.CalledProcessError):
            pass
        time.sleep(0.05)
    raise SystemExit(f"serve.py: {what} did not start within {timeout} s")


def pids_of_nginx(master):
    children = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == master:
                    children.append(int(entry))
            except OSError:
                pass
    return [master] + children


def reset_peak(pids):
    for pid in pids:
        try:
            with open(f"/proc/{pid}/clear_refs", "w") as f:
                f.write("5")
        except OSError:
            pass


def peak_kib(pids):
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    total += int(line.split()[1])
    return total


def cpu_seconds(pids):
    """User + system CPU time of the processes so far, in seconds."""
    ticks = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def to_ms(text):
    number = float(re.match(r"[\d.]+", text).group(0))
    unit = text[len(re.match(r"[\d.]+", text).group(0)):]
    return number * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}[unit]


def wrk(url, connections, pids, cpu_pids):
    """Requests/s, p50 ms, p99 ms, peak RSS KiB (of `pids`), errors, and CPU ms per request (of
    `cpu_pids`: every server that answers) of one bounded wrk run."""
    threads = min(connections, 2)
    subprocess.run(["wrk", "-t1", "-c1", "-d1s", url], capture_output=True, check=True)  # warm
    reset_peak(pids)
    cpu_before = cpu_seconds(cpu_pids)
    output = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{SECONDS}s", "--timeout", "5s", "--latency", url],
        capture_output=True, check=True, text=True).stdout
    cpu = cpu_seconds(cpu_pids) - cpu_before
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p50 = to_ms(re.search(r"^\s+50%\s+(\S+)", output, re.M).group(1))
    p99 = to_ms(re.search(r"^\s+99%\s+(\S+)", output, re.M).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: (.*)", output)
    problems = (f"{errors.group(1)} non-2xx" if errors else "") + (socket_errors.group(1) if socket_errors else "")
    return rps, p50, p99, peak_kib(pids), problems, cpu * 1000 / max(requests, 1)


class MCPClient:
    """A bare MCP client over the server's pipes: one JSON-RPC message a line."""

    def __init__(self, environment):
        self.process = subprocess.Popen([MVSEARCH, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=environment)
        self.next_id = 0

    def request(self, method, params):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("serve.py: mvsearch mcp closed its output")
            answer = json.loads(line)
            if answer.get("id") == self.next_id:
                return answer

    def notify(self, method):
        self.process.stdin.write((json.dumps({"jsonrpc": "2.0", "method": method}) + "\n").encode())
        self.process.stdin.flush()

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


def mcp_timings(environment):
    client = MCPClient(environment)
    try:
        client.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                      "clientInfo": {"name": "Benchmarks/serve", "version": "1"}})
        client.notify("notifications/initialized")
        arguments = {"name": "mvsearch_search", "arguments": {"term": "benchmark", "limit": 25}}
        first = client.request("tools/call", arguments)  # fills the cache (serve's run filled it already)
        if "result" not in first or first["result"].get("isError", False):
            raise SystemExit(f"serve.py: the MCP call failed: {first}")
        videos = len(first["result"]["structuredContent"]["videos"])
        times = []
        for _ in range(MCP_CALLS):
            start = time.perf_counter()
            answer = client.request("tools/call", arguments)
            times.append((time.perf_counter() - start) * 1000)
            if "result" not in answer or answer["result"].get("isError", False):
                raise SystemExit(f"serve.py: the MCP call failed: {answer}")
        times.sort()
        return videos, statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]
    finally:
        client.close()


def mib(kib):
    return f"{kib / 1024:.1f} MiB"


def main():
    load_before = os.getloadavg()
    tmp = tempfile.mkdtemp(prefix="mvsearch-serve-bench-")
    children = []

    def stop_all(*_):
        for child in reversed(children):
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        for child in reversed(children):
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        answer = os.path.join(tmp, "answer.json")
        with open(answer, "w", encoding="utf-8") as f:
            f.write(answer_25())
        itunes = subprocess.Popen([sys.executable, "-c", FAKE_ITUNES, answer], stdout=subprocess.PIPE, text=True)
        children.append(itunes)
        itunes_port = int(itunes.stdout.readline())
        base = f"http://127.0.0.1:{itunes_port}/"

        environment = {
            "PATH": "/usr/bin:/bin", "HOME": tmp, "LANG": "C.UTF-8",
            "XDG_CACHE_HOME": os.path.join(tmp, "cache"), "XDG_STATE_HOME": os.path.join(tmp, "state"),
            "XDG_CONFIG_HOME": os.path.join(tmp, "config"), "MVSEARCH_BASE_URL": base,
        }
        serve_log = open(os.path.join(tmp, "serve.log"), "w+")
        serve = subprocess.Popen([MVSEARCH, "serve", "--listen", "127.0.0.1:0"], env=environment,
                                 stdout=subprocess.DEVNULL, stderr=serve_log)
        children.append(serve)

        def serve_port():
            serve_log.seek(0)
            found = re.search(r"serving http://127\.0\.0\.1:(\d+)/", serve_log.read())
            return int(found.group(1)) if found else None

        wait_for(serve_port, "mvsearch serve")
        mvsearch_port = serve_port()
        nginx_itunes_port, nginx_serve_port = free_port(), free_port()
        conf = os.path.join(tmp, "nginx.conf")
        with open(conf, "w") as f:
            f.write(NGINX_CONF.format(tmp=tmp, itunes_port=nginx_itunes_port, serve_port=nginx_serve_port,
                                      upstream_port=itunes_port, mvsearch_port=mvsearch_port))
        nginx = subprocess.Popen([NGINX, "-p", tmp, "-e", os.path.join(tmp, "error.log"), "-c", conf, "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        children.append(nginx)

        serve_url = f"http://127.0.0.1:{mvsearch_port}{SERVE_PATH}"
        nginx_itunes_url = f"http://127.0.0.1:{nginx_itunes_port}{ITUNES_PATH}"
        nginx_serve_url = f"http://127.0.0.1:{nginx_serve_port}{SERVE_PATH}"
        wait_for(lambda: get(nginx_itunes_url)[0] == 200, "nginx")

        # Warm every path, and check each answers what it should.
        status, head, body = get(serve_url)
        assert status == 200, (status, body)
        decoded = json.loads(body)
        videos = len(decoded if isinstance(decoded, list) else next(v for v in decoded.values() if isinstance(v, list)))
        cache_control = header(head, "Cache-Control")
        etag = header(head, "ETag")
        revalidated = get(serve_url, [f"If-None-Match: {etag}"])[0] if etag else None
        get(nginx_serve_url)
        status, head, _ = get(nginx_serve_url)
        nginx_serve_cache = header(head, "X-Cache-Status")
        status, head, _ = get(nginx_itunes_url)
        nginx_itunes_cache = header(head, "X-Cache-Status")
        upstream_before = int(get(base + "count")[2])

        serve_pids = [serve.pid]
        nginx_pids = pids_of_nginx(nginx.pid)
        rows = []
        for connections in CONNECTIONS:
            a = wrk(serve_url, connections, serve_pids, serve_pids)
            b = wrk(nginx_itunes_url, connections, nginx_pids, nginx_pids)
            c = wrk(nginx_serve_url, connections, nginx_pids, nginx_pids + serve_pids)
            rows.append((connections, a, b, c))
            print(f"{connections:>3} connections: serve {a[0]:.0f}/s, nginx {b[0]:.0f}/s, "
                  f"nginx in front of serve {c[0]:.0f}/s", file=sys.stderr)
        upstream_after = int(get(base + "count")[2])
        serve_idle_peak = peak_kib(serve_pids)

        mcp_videos, mcp_median, mcp_p99 = mcp_timings(environment)
        load_after = os.getloadavg()
        version = subprocess.run([MVSEARCH, "--version"], capture_output=True, text=True).stdout.strip()
        nginx_version = subprocess.run([NGINX, "-v"], capture_output=True, text=True).stderr.strip()
        wrk_version = subprocess.run(["wrk", "-v"], capture_output=True, text=True).stdout.split("\n")[0].strip()
    finally:
        stop_all()

    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
        cpu = f"{len(names)} cores, {names[0]}" if names else cpu
    except OSError:
        pass
    lines = [
        "# Benchmark: mvsearch serve and mvsearch mcp",
        "",
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC · {cpu} · Linux {platform.release()} · "
        f"{version} (release, as `make install` builds it) · {nginx_version} · {wrk_version.split(' [')[0]}",
        "",
        f"Load average (1, 5, 15 min) before the run: {load_before[0]:.1f}, {load_before[1]:.1f}, {load_before[2]:.1f}; "
        f"after: {load_after[0]:.1f}, {load_after[1]:.1f}, {load_after[2]:.1f}. wrk, the servers and the fake iTunes "
        "share the same cores, so every figure includes waiting for a core.",
        "",
        f"Made by `Benchmarks/serve`. Every server answers the same cached search ({videos} videos) on loopback; "
        f"`wrk -d {SECONDS}s --latency` (threads: 1 for one connection, else 2) after a 1 s warm-up; "
        "peak RSS is VmHWM, reset before each run (nginx: master and workers added up, `worker_processes auto`); "
        "CPU per request is the user + system time the answering processes spent during the run (nginx → serve: "
        "nginx and serve together) divided by the requests wrk counted, which a loaded machine changes far "
        "less than req/s or latency.",
        "",
        "- **serve**: `mvsearch serve`, the answer from its response cache "
        f"(`GET {SERVE_PATH}`; `Cache-Control: {cache_control}`, `If-None-Match` → {revalidated}).",
        "- **nginx**: nginx `proxy_cache` in front of the same fake iTunes (`proxy_cache_valid 200 10m`), "
        f"a cache hit (`X-Cache-Status: {nginx_itunes_cache}`): a plain caching proxy's ceiling.",
        "- **nginx → serve**: nginx `proxy_cache` in front of `mvsearch serve`, told nothing but what serve's "
        f"`Cache-Control` says (`X-Cache-Status: {nginx_serve_cache}`).",
        "",
        "| connections | server | req/s | p50 | p99 | peak RSS | CPU per request | ratio (same run) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    notes = []
    for connections, a, b, c in rows:
        for name, result, ratio in (
            ("serve", a, f"**{a[0] / b[0]:.2f}×** nginx's req/s; {a[5] / b[5]:.1f}× its CPU per request"),
            ("nginx", b, "1×"),
            ("nginx → serve", c, f"**{c[0] / a[0]:.2f}×** serve alone's req/s"),
        ):
            lines.append(
                f"| {connections} | {name} | {result[0]:,.0f} | {result[1]:.2f} ms | {result[2]:.2f} ms "
                f"| {mib(result[3])} | {result[5]:.3f} ms | {ratio} |")
            if result[4]:
                notes.append(f"{connections} connections, {name}: {result[4]}")
    lines += [
        "",
        f"Requests that reached the fake iTunes during all the wrk runs: {upstream_after - upstream_before} "
        "(every answer above came from a cache).",
        f"Peak RSS of `mvsearch serve` from its 64-connection run to the end (nginx → serve included): "
        f"{mib(serve_idle_peak)}.",
    ]
    if notes:
        lines += ["", "wrk reported: " + "; ".join(notes) + "."]
    lines += [
        "",
        f"`mvsearch mcp`, one `tools/call` of `mvsearch_search` on the cached search ({mcp_videos} videos), "
        f"over its pipes after `initialize`, {MCP_CALLS} calls one after another: median **{mcp_median:.2f} ms**, "
        f"p99 {mcp_p99:.2f} ms (the client's round trip: write the request, read the whole result line).",
        "",
    ]
    with open(RESULTS, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
