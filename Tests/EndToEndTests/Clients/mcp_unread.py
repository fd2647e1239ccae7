"""A JSON-RPC client of `mvsearch mcp` that asks for a big answer, closes its end of the server's
input at once and never reads a byte of the server's output (an agent that hung, or a wrapper
that stopped reading), on Python's standard library only.

Usage: mcp_unread.py BASE_URL TERM; starts `$MVSEARCH_BIN mcp --base-url BASE_URL`, writes
`initialize` and a tools/call of mvsearch_search for TERM with limit 200, closes the input, and
waits (90 s at most) for the server to end while holding its output open, unread. Prints one JSON
object: the exit status (or null when it did not end), the seconds it took, its children just
before the input closed, and the end of its standard error.
"""

import json
import os
import subprocess
import sys
import time


def children(pid: int) -> list:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/status", encoding="utf-8") as status:
                    for line in status:
                        if line.startswith("PPid:") and int(line.split()[1]) == pid:
                            found.append(int(entry))
            except OSError:
                pass
    return found


def main(base_url: str, term: str) -> dict:
    server = subprocess.Popen(
        [os.environ["MVSEARCH_BIN"], "mcp", "--base-url", base_url, "--timeout", "60"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    messages = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize",
         "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "unread", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
         "params": {"name": "mvsearch_search", "arguments": {"term": term, "limit": 200}}},
    ]
    server.stdin.write(b"".join(json.dumps(message).encode() + b"\n" for message in messages))
    server.stdin.flush()
    report = {"children": children(server.pid)}
    server.stdin.close()
    started = time.monotonic()
    try:
        report["status"] = server.wait(timeout=90)
    except subprocess.TimeoutExpired:
        report["status"] = None
        server.kill()
        server.wait()
    report["exitSeconds"] = time.monotonic() - started
    report["stderr"] = server.stderr.read().decode(errors="replace")[-4000:]
    server.stdout.close()  # only now: the output was held open, unread, the whole time
    return report


if __name__ == "__main__":
    json.dump(main(sys.argv[1], sys.argv[2]), sys.stdout)
