"""Measures mvsearch against curl | jq. Run through Benchmarks/run, which builds first."""
import datetime, json, os, platform, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import latency  # noqa: E402 (beside this file)

RUNS = int(os.environ.get("MVSEARCH_BENCH_RUNS", "30"))
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build-bench/release")
MVSEARCH = os.path.join(PRODUCTS, "mvsearch")
BENCHMARK = os.path.join(PRODUCTS, "mvsearch-benchmark")
FULLSCREEN_BENCHMARK = os.path.join(PRODUCTS, "mvsearch-fullscreen-benchmark")

# jq programs that produce what mvsearch produces, from the same answer.
JQ_JSON = r'''[.results[] | select(.wrapperType == "track" and .kind == "music-video") | {
  id: .trackId, title: .trackName, artist: .artistName, artistId: .artistId, collection: .collectionName,
  releaseDate: .releaseDate, durationSeconds: (if .trackTimeMillis then (.trackTimeMillis / 1000 | round) else null end),
  genre: .primaryGenreName,
  explicit: (if .trackExplicitness == "explicit" then true elif .trackExplicitness then false else null end),
  country: .country, currency: .currency, price: (if (.trackPrice // -1) >= 0 then .trackPrice else null end),
  url: .trackViewUrl, artistUrl: .artistViewUrl, previewUrl: .previewUrl, artworkUrl: (.artworkUrl100 // .artworkUrl60)}]'''
JQ_PLAIN = r'''.results[] | select(.wrapperType == "track" and .kind == "music-video") |
  ((.trackTimeMillis / 1000 | round) as $s | "\($s / 60 | floor):\($s % 60 | tostring | if length < 2 then "0" + . else . end)") as $time |
  [(.trackId | tostring), .artistName, .trackName, .releaseDate[0:4], $time, "$\(.trackPrice)", .trackViewUrl] | @tsv'''


def answer_200():
    """A 200-video answer in the recorded shape: the Clairo search's rows, repeated with new ids."""
    with open(os.path.join(ROOT, "Mocks", "Fixtures", "search-musicvideo-clairo.json"), encoding="utf-8") as f:
        rows = json.loads(f.read())["results"]
    out = []
    for i in range(200):
        row = dict(rows[i % len(rows)])
        row["trackId"] = 1_400_000_000 + i
        row["trackName"] = f'{row["trackName"]} #{i}'
        out.append(json.dumps(row, ensure_ascii=False))
    return "\n\n\n{\n \"resultCount\":200,\n \"results\": [\n" + ", \n".join(out) + "]\n}\n\n\n"


def run(commands, env):
    """Runs one command or a two-command pipeline; returns (seconds, stdout bytes, peak RSS KiB per
    process, CPU seconds (user + system) of all its processes)."""
    start = time.perf_counter()
    if len(commands) == 1:
        process = subprocess.Popen(commands[0], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        output = process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        usages = [usage]
    else:
        first = subprocess.Popen(commands[0], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        second = subprocess.Popen(commands[1], stdin=first.stdout, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        first.stdout.close()
        output = second.stdout.read()
        _, _, usage_second = os.wait4(second.pid, 0)
        _, _, usage_first = os.wait4(first.pid, 0)
        usages = [usage_first, usage_second]
    cpu = sum(u.ru_utime + u.ru_stime for u in usages)
    return time.perf_counter() - start, output, cpu


PEAK_RUNS = RUNS  # the target is on the maximum over as many runs as the timings


def settle_page_cache(path):
    """Drops PATH from the page cache and reads it back in order, so that every measurement finds
    it held the same way. The kernel maps a file's pages for a process in the blocks the page cache
    holds them in, whole: the same binary peaked up to 1 MiB higher right after it was written (by the
    linker, `strip` or `install`) than after it was read back, and anywhere in between, from one
    try to the next, when a run was the first to read it."""
    with open(path, "rb") as file:
        os.posix_fadvise(file.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)
        while file.read(1 << 20):
            pass


def peak_rss(command, env):
    """Peak RSS in KiB of one command, by GNU time: a child of this process would report at least
    this Python process's own RSS (Linux carries the parent's high-water mark across vfork/exec)."""
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=env, text=True)
    return int(result.stderr.strip().splitlines()[-1])


SLOW_SERVER = r'''
import http.server, sys, time
body = open(sys.argv[1], "rb").read()
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        time.sleep(1.0)
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
'''


def main():
    for tool in ("curl", "jq"):
        if not shutil.which(tool):
            sys.exit(f"bench.py: {tool} is needed")
    work = tempfile.mkdtemp(prefix="mvsearch-bench-")
    with open(os.path.join(work, "search"), "w", encoding="utf-8") as f:
        f.write(answer_200())
    server = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1"], cwd=work,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()  # "Serving HTTP on 127.0.0.1 port N (…)"
    port = int(line.split(" port ")[1].split()[0])
    base = f"http://127.0.0.1:{port}/"
    url = base + "search?term=x&media=musicVideo&entity=musicVideo&country=US&limit=200"
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"), XDG_STATE_HOME=os.path.join(work, "state"),
               NO_COLOR="1", MVSEARCH_BASE_URL=base)
    settle_page_cache(MVSEARCH)
    try:
        mv_json = [[MVSEARCH, "--no-cache", "--json", "-l", "200", "x"]]
        mv_plain = [[MVSEARCH, "--no-cache", "--format", "plain", "-l", "200", "x"]]
        mv_cached = [[MVSEARCH, "--json", "-l", "200", "x"]]
        cj_json = [["curl", "-s", url], ["jq", "-c", JQ_JSON]]
        cj_plain = [["curl", "-s", url], ["jq", "-r", JQ_PLAIN]]

        # Same results? The JSON objects must be equal; the plain lines too.
        same_json = json.loads(run(mv_json, env)[1]) == json.loads(run(cj_json, env)[1])
        same_plain = run(mv_plain, env)[1] == run(cj_plain, env)[1]
        run(mv_cached, env)  # fill the cache

        pairs = {"a": (mv_json, cj_json), "b": (mv_plain, cj_plain), "c": (mv_cached, cj_json),
                 "d": ([[MVSEARCH, "--version"]], [["curl", "--version"]])}
        times = {key: ([], []) for key in pairs}
        cpus = {key: ([], []) for key in pairs}
        for _ in range(RUNS):  # alternate the commands, so drift hits both alike
            for key, (mine, theirs) in pairs.items():
                for index, command in enumerate((mine, theirs)):
                    seconds, _, cpu_seconds = run(command, env)
                    times[key][index].append(seconds)
                    cpus[key][index].append(cpu_seconds)
        peaks = {key: ([max(peak_rss(c, env) for c in mine) for _ in range(PEAK_RUNS)],
                       [max(peak_rss(c, env) for c in theirs) for _ in range(PEAK_RUNS)])
                 for key, (mine, theirs) in pairs.items()}

        # (f) CPU time while the answer takes 1 s to come: waiting must cost (almost) nothing.
        slow = subprocess.Popen([sys.executable, "-c", SLOW_SERVER, os.path.join(work, "search")],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            slow_base = f"http://127.0.0.1:{int(slow.stdout.readline())}/"
            slow_env = dict(env, MVSEARCH_BASE_URL=slow_base)
            waits = ([], [])
            for _ in range(5):
                for index, command in enumerate(([MVSEARCH, "--no-cache", "--json", "-l", "200", "x"],
                                                 ["curl", "-s", slow_base + "search"])):
                    seconds, _, cpu_seconds = run([command], slow_env)
                    waits[index].append((seconds, cpu_seconds))
        finally:
            slow.terminate()
        paging = latency.measure(MVSEARCH)
        in_process = subprocess.run([BENCHMARK, os.path.join(work, "search"), "300"], capture_output=True, text=True).stdout
        full_screen = subprocess.run([FULLSCREEN_BENCHMARK, os.path.join(work, "search"), "20"], capture_output=True,
                                     text=True).stdout
    finally:
        server.terminate()
        shutil.rmtree(work, ignore_errors=True)

    labels = {"a": "(a) `--json`, uncached", "b": "(b) `--format plain`, uncached", "c": "(c) `--json`, cached",
              "d": "(d) `mvsearch --version` / `curl --version`"}
    targets = {"a": 0.70, "b": 1.0, "c": 0.33, "d": 0.45}
    peak_target = 19.0
    rows = []
    for key in pairs:
        mine, theirs = (statistics.median(t) * 1000 for t in times[key])
        ratio = mine / theirs
        mine_peak = max(peaks[key][0]) / 1024
        theirs_peak = max(peaks[key][1]) / 1024
        verdict = "met" if ratio <= targets[key] else "NOT met"
        peak_verdict = "met" if mine_peak <= peak_target else "NOT met"
        rows.append(f"| {labels[key]} | {mine:.1f} ms | {theirs:.1f} ms | **{ratio:.2f}×** (target ≤ {targets[key]}×, {verdict}) "
                    f"| {mine_peak:.1f} MiB (≤ {peak_target}, {peak_verdict}) | {theirs_peak:.1f} MiB |")
    version_cpu = [statistics.median(c) * 1000 for c in cpus["d"]]
    wait_mine = statistics.median(c for _, c in waits[0]) * 1000
    wait_theirs = statistics.median(c for _, c in waits[1]) * 1000
    wall_mine = statistics.median(s for s, _ in waits[0]) * 1000
    wait_verdict = "met" if wait_mine <= 30 else "NOT met"
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    size = os.path.getsize(MVSEARCH) / 1_048_576
    report = "\n".join([
        "# Benchmark results",
        "",
        f"{datetime.date.today().isoformat()} · {os.cpu_count()} cores, {cpu} · {platform.system()} {platform.release()} · {swift}",
        f"· mvsearch release, as `make` builds it: Swift runtime and FoundationEssentials linked statically, no CoreFoundation or ICU, lld with the hot code together and packed relocations ({size:.1f} MiB)",
        "",
        f"A 200-video answer in the recorded iTunes shape, served from loopback; {RUNS} runs of each command, "
        f"alternating; medians; peak memory is the largest RSS of any one process (for curl | jq, of curl or jq) "
        f"in {PEAK_RUNS} runs under GNU time (the target is on that maximum).",
        f"Same output as curl | jq: JSON objects {'equal' if same_json else 'DIFFERENT'}, plain lines "
        f"{'equal' if same_plain else 'DIFFERENT'}.",
        "",
        "| case | mvsearch | curl \\| jq | ratio of medians | mvsearch peak RSS | curl \\| jq peak RSS |",
        "|---|---|---|---|---|---|",
        *rows,
        "",
        f"(d) CPU time (user + system), medians: `mvsearch --version` {version_cpu[0]:.1f} ms, `curl --version` "
        f"{version_cpu[1]:.1f} ms ({version_cpu[0] / version_cpu[1]:.2f}×); on a loaded machine the wall times above "
        "include waiting for a core.",
        "",
        f"(f) CPU time (user + system) while the answer takes 1 s to come, median of 5: mvsearch **{wait_mine:.0f} ms** "
        f"(target ≤ 30 ms, {wait_verdict}; wall {wall_mine:.0f} ms), curl {wait_theirs:.0f} ms.",
        "",
        "(e) in process, per 200-video answer (`mvsearch-benchmark`, 300 iterations):",
        "",
        "```",
        in_process.strip(),
        "```",
        "",
        "(f) the full-screen session, in process, with 200 rows loaded: one key (↓ or ↑, sweeping the whole list) "
        "handled, its frame drawn and diffed into the bytes for the terminal (`mvsearch-fullscreen-benchmark`, "
        "20 sweeps), and the bytes written for moving the selection by one row (targets: ≤ 2 ms, ≤ 2 KB); last, a key "
        "typed into (or erased from) the `/` filter, every row matched and ranked, and the frame drawn:",
        "",
        "```",
        full_screen.strip(),
        "```",
        "",
        *paging,
        "",
        "Reproduce: `Benchmarks/run` (`MVSEARCH_BENCH_RUNS=N` to change the number of runs).",
        "",
    ])
    with open(os.path.join(ROOT, "Benchmarks", "results.md"), "w", encoding="utf-8") as f:
        f.write(report)
    write_performance_table(table_of(report))
    print(report)


TABLE_START = "<!-- Benchmarks/run writes this table: do not edit it by hand -->"
TABLE_END = "<!-- end of the table Benchmarks/run writes -->"


def table_of(report):
    """The one-shot table of a results.md report: its header, separator and rows."""
    lines = report.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| case |"))
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), len(lines))
    return "\n".join(lines[start:end])


def write_performance_table(table):
    """Puts the table between docs/performance.md's markers, so the doc says what this run measured
    (CI checks both say the same, and holds the uncached peak to it: Benchmarks/memory-guard)."""
    path = os.path.join(ROOT, "docs", "performance.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start, end = text.find(TABLE_START), text.find(TABLE_END)
    if start < 0 or end < start:
        sys.exit(f"bench.py: docs/performance.md has no {TABLE_START} … {TABLE_END} markers")
    text = text[:start + len(TABLE_START)] + "\n" + table + "\n" + text[end:]
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
