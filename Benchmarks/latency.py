"""Paging latency of the full-screen session against a slow HTTPS server. Run through
Benchmarks/latency (which builds first), or from bench.py.

A loopback TLS server (python3's ssl, with a throwaway certificate authority made by openssl)
waits HANDSHAKE_MS before each new connection's handshake and ANSWER_MS before each answer, as
a distant server would, and counts connections, full handshakes and resumed ones. mvsearch runs
on a pseudo-terminal and a script scrolls at human speed (one row every 100 ms) through five
pages of 25, opening one video's details and going back on the way. For each page after the
first it measures the time from the key that moves the selection onto the page's first row to
that row drawn selected on screen.

Each configuration is run with mvsearch's benchmark-only switches: MVSEARCH_BENCH_NO_REUSE=1
(a new connection and a full handshake for every request) and MVSEARCH_BENCH_NO_PREFETCH=1 (a
page is fetched only when the user moves past the last row).
"""
import os, pty, re, select, shutil, signal, statistics, struct, subprocess, sys, tempfile, threading, time
import fcntl, termios

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HANDSHAKE_MS = int(os.environ.get("MVSEARCH_BENCH_HANDSHAKE_MS", "50"))
ANSWER_MS = int(os.environ.get("MVSEARCH_BENCH_ANSWER_MS", "50"))
SESSIONS = int(os.environ.get("MVSEARCH_BENCH_SESSIONS", "3"))
PAGES = 5
LIMIT = 25
ROW_INTERVAL = 0.1
COLUMNS, ROWS = 100, 30
VISIBLE_WAIT_MS = 10

CERTIFICATES = r'''
set -e
key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:prime256v1 -out "$1" 2>/dev/null; }
key ca.key
openssl req -x509 -new -key ca.key -out ca.pem -subj "/CN=mvsearch benchmark authority" -days 2 \
  -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
key server.key
openssl req -new -key server.key -out server.csr -subj "/CN=localhost" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' > server.ext
openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile server.ext \
  -out server.pem 2>/dev/null
'''

# The server runs in a process of its own, so that its work never delays the measuring script.
SERVER = r'''
import json, os, socket, ssl, sys, threading, time, urllib.parse
certificate, key, fixture, handshake_ms, answer_ms = sys.argv[1:6]
handshake_delay, answer_delay = int(handshake_ms) / 1000, int(answer_ms) / 1000
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(certificate, key)
rows = json.load(open(fixture, encoding="utf-8"))["results"]
counts = {"connections": 0, "handshakes": 0, "resumed": 0, "requests": 0}
lock = threading.Lock()

def answer(query):
    offset, limit = int(query.get("offset", ["0"])[0]), int(query.get("limit", ["25"])[0])
    out = []
    for i in range(offset, min(offset + limit, 1000)):
        row = dict(rows[i % len(rows)])
        row["trackId"] = 1_400_000_000 + i
        row["trackName"] = f'{row["trackName"]} #{i + 1}'
        out.append(row)
    return json.dumps({"resultCount": len(out), "results": out}).encode()

def serve(connection):
    with lock:
        counts["connections"] += 1
    try:
        connection.settimeout(120)
        time.sleep(handshake_delay)
        with context.wrap_socket(connection, server_side=True) as tls:
            with lock:
                counts["resumed" if tls.session_reused else "handshakes"] += 1
            pending = b""
            while True:
                while b"\r\n\r\n" not in pending:
                    chunk = tls.recv(65536)
                    if not chunk:
                        return
                    pending += chunk
                head, pending = pending.split(b"\r\n\r\n", 1)
                target = head.split(b"\r\n", 1)[0].split(b" ")[1].decode()
                with lock:
                    counts["requests"] += 1
                body = answer(urllib.parse.parse_qs(urllib.parse.urlsplit(target).query))
                time.sleep(answer_delay)
                tls.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/javascript; charset=utf-8\r\n"
                            b"Content-Length: %d\r\n\r\n" % len(body) + body)
    except Exception:
        pass
    finally:
        connection.close()

def control():
    for line in sys.stdin:  # "counts": print them and start again from 0
        with lock:
            print(json.dumps(counts), flush=True)
            for name in counts:
                counts[name] = 0
    os._exit(0)

listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(64)
print(listener.getsockname()[1], flush=True)
threading.Thread(target=control, daemon=True).start()
while True:
    connection, _ = listener.accept()
    threading.Thread(target=serve, args=(connection,), daemon=True).start()
'''

ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][A-Za-z0-9]|\x1b[=>78DEHMc]")


class Terminal:
    """mvsearch on a pseudo-terminal; what it draws is read on a thread and timed as it arrives."""

    def __init__(self, command, env):
        self.raw = bytearray()
        self.condition = threading.Condition()
        self.waiter = None
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
            os.execve(command[0], command, env)
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        while True:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                data = b""
            arrived = time.perf_counter()
            with self.condition:
                if not data:
                    self.waiter = None
                    self.condition.notify_all()
                    return
                self.raw += data
                waiter = self.waiter
                if waiter and waiter["time"] is None:
                    text = ESCAPES.sub("", self.raw[waiter["start"]:].decode("utf-8", "ignore"))
                    if waiter["pattern"].search(text):
                        waiter["time"] = arrived
                        self.condition.notify_all()

    def press(self, keys, pattern=None, timeout=15.0):
        """Writes keys; with a pattern, waits until what is drawn after them matches it.
        Returns the seconds from the write to the match (None without a pattern)."""
        with self.condition:
            if pattern is not None:
                self.waiter = {"pattern": re.compile(pattern), "start": len(self.raw), "time": None}
            sent = time.perf_counter()
            os.write(self.fd, keys)
            if pattern is None:
                return None
            deadline = sent + timeout
            while self.waiter is not None and self.waiter["time"] is None:
                left = deadline - time.perf_counter()
                if left <= 0:
                    shown = ESCAPES.sub("", self.raw[self.waiter["start"]:].decode("utf-8", "ignore"))[-800:]
                    raise TimeoutError(f"{pattern!r} never drawn; after the key came {shown!r}")
                self.condition.wait(left)
            if self.waiter is None:
                raise RuntimeError("mvsearch ended")
            found = self.waiter["time"]
            self.waiter = None
            return found - sent

    def close(self):
        try:
            os.write(self.fd, b"q")
            deadline = time.time() + 5
            while time.time() < deadline:
                done, _ = os.waitpid(self.pid, os.WNOHANG)
                if done:
                    break
                time.sleep(0.05)
            else:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        finally:
            os.close(self.fd)


def selected(number):
    """The row's title, which the server ends with its number: the list scrolls with the
    selection, so a row below the screen is first drawn as the selection moves onto it."""
    return r"#%d\b" % number


def session(mvsearch, env):
    """One scripted session; returns the key-to-rows times of pages 2..PAGES, in seconds."""
    terminal = Terminal([mvsearch, "-i", "x"], env)
    try:
        # The search screen searches for the term at once; wait for the first row, selected.
        with terminal.condition:
            terminal.waiter = {"pattern": re.compile(selected(1)), "start": 0, "time": None}
            deadline = time.perf_counter() + 15
            while terminal.waiter is not None and terminal.waiter["time"] is None:
                terminal.condition.wait(max(0.01, deadline - time.perf_counter()))
                if time.perf_counter() > deadline:
                    shown = ESCAPES.sub("", terminal.raw.decode("utf-8", "ignore"))[-600:]
                    raise TimeoutError(f"the first page never came; the screen ends with {shown!r}")
            terminal.waiter = None
        waits = []
        row = 1
        while row < PAGES * LIMIT - LIMIT + 1:
            time.sleep(ROW_INTERVAL)
            row += 1
            if row % LIMIT == 1:  # the first row of a page: time until it is drawn selected
                waits.append(terminal.press(b"\x1b[B", selected(row)))
            else:
                terminal.press(b"\x1b[B")
            if row == 2 * LIMIT + 10:  # details of one video, and back
                time.sleep(ROW_INTERVAL)
                terminal.press(b"\r", r"Title")
                time.sleep(ROW_INTERVAL)
                terminal.press(b"\x1b", selected(row))
        return waits
    finally:
        terminal.close()


def make_certificates(work):
    subprocess.run(["/bin/sh", "-c", CERTIFICATES], cwd=work, check=True)


def measure(mvsearch, sessions=SESSIONS):
    """Runs every configuration; returns the report's lines."""
    for tool in ("openssl",):
        if not shutil.which(tool):
            sys.exit(f"latency.py: {tool} is needed")
    work = tempfile.mkdtemp(prefix="mvsearch-latency-")
    server = None
    try:
        make_certificates(work)
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, os.path.join(work, "server.pem"), os.path.join(work, "server.key"),
             os.path.join(ROOT, "Mocks", "Fixtures", "search-musicvideo-clairo.json"), str(HANDSHAKE_MS),
             str(ANSWER_MS)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        port = int(server.stdout.readline())

        def counts():
            server.stdin.write("counts\n")
            server.stdin.flush()
            import json
            return json.loads(server.stdout.readline())

        base = dict(os.environ, TERM="xterm-256color", SSL_CERT_FILE=os.path.join(work, "ca.pem"),
                    MVSEARCH_BASE_URL=f"https://127.0.0.1:{port}/", LC_ALL="C.UTF-8")
        for name in ("NO_COLOR", "CURL_CA_BUNDLE", "SSL_CERT_DIR", "MVSEARCH_BENCH_NO_REUSE", "MVSEARCH_BENCH_NO_PREFETCH",
                     "COLUMNS", "LINES"):
            base.pop(name, None)
        configurations = [
            ("reuse and prefetch (as shipped)", {}),
            ("reuse, no prefetch", {"MVSEARCH_BENCH_NO_PREFETCH": "1"}),
            ("prefetch, no reuse", {"MVSEARCH_BENCH_NO_REUSE": "1"}),
            ("neither (as before)", {"MVSEARCH_BENCH_NO_REUSE": "1", "MVSEARCH_BENCH_NO_PREFETCH": "1"}),
        ]
        rows = []
        counts()
        for label, switches in configurations:
            waits, tallies = [], []
            for run in range(sessions):
                home = os.path.join(work, f"home-{len(rows)}-{run}")
                env = dict(base, HOME=home, XDG_CACHE_HOME=os.path.join(home, "cache"),
                           XDG_STATE_HOME=os.path.join(home, "state"), XDG_CONFIG_HOME=os.path.join(home, "config"),
                           **switches)
                waits += session(mvsearch, env)
                time.sleep(0.2)  # the last connection closes
                tallies.append(counts())
            milliseconds = [w * 1000 for w in waits]
            visible = sum(1 for m in milliseconds if m > VISIBLE_WAIT_MS)
            per = lambda key: "/".join(str(t[key]) for t in tallies)
            rows.append(
                f"| {label} | {per('connections')} | {per('handshakes')} (+{per('resumed')} resumed) "
                f"| {per('requests')} | {statistics.median(milliseconds):.1f} ms | {max(milliseconds):.1f} ms "
                f"| {visible} of {len(milliseconds)} |")
    finally:
        if server:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)
    return [
        f"(g) paging in the full-screen session over HTTPS with {HANDSHAKE_MS} ms added to each new connection's "
        f"handshake and {ANSWER_MS} ms to each answer (loopback, python3's ssl, a throwaway certificate authority): "
        f"`mvsearch -i x` on a {COLUMNS}×{ROWS} pseudo-terminal, scrolling one row every {int(ROW_INTERVAL * 1000)} ms "
        f"through {PAGES} pages of {LIMIT}, Enter (details) and Esc (back) on the way; {sessions} sessions each. "
        f"Counts are per session; the times are from the key that moves onto the first row of pages 2–{PAGES} to "
        f"that row drawn selected (a wait over {VISIBLE_WAIT_MS} ms is visible). Reproduce: `Benchmarks/latency`.",
        "",
        "| configuration | connections | TLS handshakes | requests | key → rows, median | max | visible waits |",
        "|---|---|---|---|---|---|---|",
        *rows,
    ]


if __name__ == "__main__":
    print("\n".join(measure(os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build-bench/release/mvsearch"))))
