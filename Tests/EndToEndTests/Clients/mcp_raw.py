"""Raw JSON-RPC clients that push `mvsearch mcp` hard, on Python's standard library only.

Usage: mcp_raw.py MODE BASE_URL ARGUMENTS; each mode starts `$MVSEARCH_BIN mcp --base-url
BASE_URL --timeout 60` (600 for flood) itself, prints one JSON object, its report, on stdout, and the Swift test
asserts it. Every report has the server's exit status and its peak resident memory (VmHWM,
read just before its input is closed).
  flood BASE_URL N CAP   N tools/call of mvsearch_search written at once (distinct terms) while
                         the answers are read: how many were answered with a result, with error
                         -32000 (busy), otherwise; once all but CAP are answered, the rest are
                         cancelled, and a ping must still be answered
  longline BASE_URL MB   one message of MB MiB (a ping whose params hold a long string), then a
                         ping: the answers to both, VmHWM before and after
  eof BASE_URL TERM      a tools/call searching TERM, then the input closed at once: whether it
                         was answered, and the server's children just before the input closed
  lines BASE_URL         each hostile line of LINES (below) in turn: the messages it got (those
                         before a ping sent after it, or, for a call, until its answer)
"""

import json
import os
import subprocess
import sys
import threading
import time

INITIALIZE = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
              "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}


def start(base_url: str, timeout: str = "60") -> subprocess.Popen:
    return subprocess.Popen(
        [os.environ["MVSEARCH_BIN"], "mcp", "--base-url", base_url, "--timeout", timeout],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def send(server: subprocess.Popen, message: dict) -> None:
    server.stdin.write(json.dumps(message).encode() + b"\n")
    server.stdin.flush()


def receive(server: subprocess.Popen) -> dict:
    line = server.stdout.readline()
    if not line:
        raise EOFError("the server's output ended")
    return json.loads(line)


def status_field(pid: int, key: str) -> int:
    with open(f"/proc/{pid}/status", encoding="utf-8") as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return -1


def children(pid: int) -> list:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if status_field(int(entry), "PPid") == pid:
                    found.append(int(entry))
            except OSError:
                pass
    return found


def finish(server: subprocess.Popen, report: dict) -> dict:
    report["peakKiB"] = status_field(server.pid, "VmHWM")
    server.stdin.close()
    started = time.monotonic()
    report["rest"] = [json.loads(line) for line in server.stdout.read().splitlines() if line.strip()]
    report["status"] = server.wait(timeout=60)
    report["exitSeconds"] = time.monotonic() - started
    report["stderr"] = server.stderr.read().decode(errors="replace")[-4000:]
    return report


def call(identifier, term: str) -> dict:
    return {"jsonrpc": "2.0", "id": identifier, "method": "tools/call",
            "params": {"name": "mvsearch_search", "arguments": {"term": term}}}


def flood(base_url: str, count: int, cap: int) -> dict:
    # The longest timeout: however loaded the machine, no held call ends before it is cancelled.
    server = start(base_url, "600")
    send(server, INITIALIZE)
    receive(server)
    send(server, {"jsonrpc": "2.0", "method": "notifications/initialized"})
    started = time.monotonic()

    def write_all() -> None:
        lines = b"".join(json.dumps(call(index, f"flood{index}")).encode() + b"\n" for index in range(count))
        server.stdin.write(lines)
        server.stdin.flush()

    writer = threading.Thread(target=write_all)
    writer.start()
    answered = {}
    kinds = {"result": 0, "busy": 0, "other": 0}
    while len(answered) < count - cap:
        message = receive(server)
        identifier = message.get("id")
        if identifier in answered:
            kinds["other"] += 1  # a second answer to one id
        answered[identifier] = message
        if "result" in message:
            kinds["result"] += 1
        elif message.get("error", {}).get("code") == -32000:
            kinds["busy"] += 1
        else:
            kinds["other"] += 1
    writer.join()
    answered_seconds = time.monotonic() - started
    unanswered = [index for index in range(count) if index not in answered]
    for index in unanswered:
        send(server, {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": index}})
    send(server, {"jsonrpc": "2.0", "id": "ping", "method": "ping"})
    late = []
    while True:
        message = receive(server)
        if message.get("id") == "ping":
            break
        late.append(message)
    report = {"kinds": kinds, "unanswered": len(unanswered), "answeredSeconds": answered_seconds,
              "lateAnswers": len(late), "pinged": True}
    return finish(server, report)


def longline(base_url: str, mebibytes: int) -> dict:
    server = start(base_url)
    send(server, INITIALIZE)
    receive(server)
    before = status_field(server.pid, "VmHWM")
    prefix = b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"'
    suffix = b'"}}\n'
    server.stdin.write(prefix)
    chunk = b"a" * (1 << 20)
    for _ in range(mebibytes):
        server.stdin.write(chunk)
    server.stdin.write(suffix)
    send(server, {"jsonrpc": "2.0", "id": 2, "method": "ping"})
    first = receive(server)
    second = receive(server)
    report = {"first": first, "second": second, "peakKiBBefore": before}
    return finish(server, report)


def eof(base_url: str, term: str) -> dict:
    server = start(base_url)
    send(server, INITIALIZE)
    receive(server)
    send(server, call(5, term))
    report = {"children": children(server.pid)}
    report = finish(server, report)
    report["answered"] = [message for message in report["rest"] if message.get("id") == 5]
    return report


def tool(identifier, arguments, name="mvsearch_search") -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": identifier, "method": "tools/call",
                       "params": {"name": name, "arguments": arguments}}).encode()


# name -> (raw line, the id of a call to wait for, or None to wait for a ping after it)
LINES = {
    "nested100000": (b"[" * 100_000 + b"]" * 100_000, None),
    "nestedObjects100000": (b'{"a":' * 100_000 + b"1" + b"}" * 100_000, None),
    "invalidUTF8": (b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\xff\xfe\xc3"}}', None),
    "paramsArray": (b'{"jsonrpc":"2.0","id":2,"method":"tools/call","params":[1,2]}', None),
    "paramsString": (b'{"jsonrpc":"2.0","id":3,"method":"tools/list","params":"x"}', None),
    "argumentsArray": (b'{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"mvsearch_search","arguments":[]}}', None),
    "idString": (b'{"jsonrpc":"2.0","id":"s\u0000\u001b","method":"ping"}', None),
    "idFraction": (b'{"jsonrpc":"2.0","id":1.5,"method":"ping"}', None),
    "idHuge": (b'{"jsonrpc":"2.0","id":1e400,"method":"ping"}', None),
    "idNull": (b'{"jsonrpc":"2.0","id":null,"method":"ping"}', None),
    "idTrue": (b'{"jsonrpc":"2.0","id":true,"method":"ping"}', None),
    "idObject": (b'{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', None),
    "idArray": (b'{"jsonrpc":"2.0","id":[1],"method":"ping"}', None),
    "duplicateKeys": (b'{"jsonrpc":"2.0","id":5,"id":6,"method":"ping"}', None),
    "limitTooLarge": (tool(10, {"term": "a", "limit": 201}), 10),
    "limitNegative": (tool(11, {"term": "a", "limit": -1}), 11),
    "limitFraction": (tool(12, {"term": "a", "limit": 2.5}), 12),
    "limitHuge": (tool(13, {"term": "a", "limit": 1e308}), 13),
    "limitString": (tool(14, {"term": "a", "limit": "ten"}), 14),
    "termNumber": (tool(15, {"term": 5}), 15),
    "termEmpty": (tool(16, {"term": ""}), 16),
    "termHuge": (tool(17, {"term": "x" * 100_000}), 17),
    "countryBad": (tool(18, {"term": "a", "country": "ZZZ\u001b"}), 18),
    "unknownArgument": (tool(19, {"term": "a", "evil": True}), 19),
    "idBad": (tool(20, {"id": "12ab"}, "mvsearch_lookup"), 20),
    "controlCharacters": (tool(21, {"term": "controls"}), 21),
    "cancelUnknown": (b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":999999}}', None),
    "cancelFinished": (b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":21}}', None),
    "cancelNoId": (b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{"a":1}}}', None),
    "idReusedAfterAnswer": (tool(21, {"term": "a", "limit": 0}), 21),
}


def lines(base_url: str) -> dict:
    server = start(base_url)
    send(server, INITIALIZE)
    receive(server)
    report = {}
    for index, (name, (line, wait_id)) in enumerate(LINES.items()):
        server.stdin.write(line + b"\n")
        separator = f"sep-{index}"
        if wait_id is None:
            send(server, {"jsonrpc": "2.0", "id": separator, "method": "ping"})
        else:
            server.stdin.flush()
        got = []
        while True:
            message = receive(server)
            if wait_id is None and message.get("id") == separator:
                break
            got.append(message)
            if wait_id is not None and message.get("id") == wait_id:
                break
        report[name] = got
    return finish(server, {"cases": report})


if __name__ == "__main__":
    mode, base, arguments = sys.argv[1], sys.argv[2], sys.argv[3:]
    if mode == "flood":
        result = flood(base, int(arguments[0]), int(arguments[1]))
    elif mode == "longline":
        result = longline(base, int(arguments[0]))
    elif mode == "lines":
        result = lines(base)
    else:
        result = eof(base, arguments[0])
    json.dump(result, sys.stdout)
