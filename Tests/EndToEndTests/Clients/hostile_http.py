"""Hostile HTTP clients for the end-to-end tests of `mvsearch serve`, on Python's standard
library only, speaking raw bytes where http.client would refuse to.

Usage: hostile_http.py MODE ARGUMENTS; each mode prints one JSON object, its report, on stdout,
and the Swift test asserts it.
  idle URL N PID      N connections opened and left idle (never a byte sent), then one GET of
                      URL on a new connection: its status; the server's open descriptors
                      (/proc/PID/fd) before, with the N open, and once they are closed; its peak
                      resident memory (VmHWM) before and after; and how many of the N the server
                      closed
  raw HOST PORT PID   one request a connection, each the raw bytes of a hostile case (below): for
                      each case its status and its response's head, as text with every byte
                      outside printable ASCII escaped (`\\r`, `\\x00`); and the server's peak
                      resident memory before and after
  many URL N          N requests at once, each on a connection of its own, `URL` + index
                      (distinct, so none is coalesced): each one's status, or "closed" when the
                      connection ended with no response (all N are sent before any is read)
"""

import json
import os
import socket
import sys
import threading
import time
import urllib.parse

HOST_HEADER = b"Host: 127.0.0.1:%d\r\n"

# name -> request bytes; %d is the port (for the Host header).
RAW_CASES = {
    "crlfInPathEncoded": b"GET /v1/x%0d%0aX-Injected:%20yes HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "crlfInQueryEncoded": b"GET /v1/search?term=a%0d%0aX-Injected:%20yes%00 HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "crInRequestLine": b"GET /v1/x\rX-Injected: yes HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "nulInPath": b"GET /v1/a\x00b HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "nulInPathEncoded": b"GET /v1/a%00b HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "invalidUTF8InPath": b"GET /v1/\xff\xfe\xc3 HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "invalidUTF8InPathEncoded": b"GET /v1/%ff%fe%c3 HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "invalidUTF8InQueryEncoded": b"GET /v1/search?term=%ff%fe%c3 HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "escapeInQueryEncoded": b"GET /v1/search?term=%1b%5b2J%1b]0;x%07 HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "dotDot": b"GET /v1/../healthz HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "dotDotEncoded": b"GET /v1/%2e%2e/healthz HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "dotDotEncodedUpper": b"GET /v1/%2E%2E/openapi.json HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "dotDotSlashEncoded": b"GET /v1/..%2fhealthz HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "dotDotInOperation": b"GET /v1/search/../search?term=a HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "dotSegment": b"GET /v1/./search?term=a HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "forgedHost": b"GET /healthz HTTP/1.1\r\nHost: evil.example\r\n\r\n",
    "forgedHostPort": b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n",
    "missingHost": b"GET /healthz HTTP/1.1\r\n\r\n",
    "twoHosts": b"GET /healthz HTTP/1.1\r\n" + HOST_HEADER + HOST_HEADER + b"\r\n",
    "hostWithCRLFEncoded": b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1%0d%0aX-Injected: yes\r\n\r\n",
    "bodyOnGet": b"GET /healthz HTTP/1.1\r\n" + HOST_HEADER + b"Content-Length: 39\r\n\r\n"
    + b"GET /v1/../x HTTP/1.1\r\nHost: a\r\n\r\n\r\n",
    "longRequestLine": b"GET /v1/search?term=" + b"a" * 100_000 + b" HTTP/1.1\r\n" + HOST_HEADER + b"\r\n",
    "manyLargeHeaders": b"GET /healthz HTTP/1.1\r\n" + HOST_HEADER
    + b"".join(b"X-Pad-%03d: " % index + b"p" * 8192 + b"\r\n" for index in range(200)) + b"\r\n",
    "lengthAndChunked": b"GET /healthz HTTP/1.1\r\n" + HOST_HEADER
    + b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
}


def printable(data: bytes) -> str:
    out = []
    for byte in data:
        if byte == 0x0D:
            out.append("\\r")
        elif byte == 0x0A:
            out.append("\\n")
        elif 0x20 <= byte < 0x7F and byte != 0x5C:
            out.append(chr(byte))
        else:
            out.append("\\x%02x" % byte)
    return "".join(out)


def exchange(host: str, port: int, request: bytes) -> dict:
    connection = socket.create_connection((host, port), timeout=30)
    try:
        connection.sendall(request)
    except (BrokenPipeError, ConnectionResetError):
        pass  # refused before it was all sent: its answer is still there to read
    received = b""
    while True:
        try:
            chunk = connection.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        received += chunk
        # One response is enough: stop at the end of its body.
        end = received.find(b"\r\n\r\n")
        if end >= 0:
            head = received[:end].decode("latin-1").lower()
            length = next(
                (int(line.split(":", 1)[1]) for line in head.split("\r\n") if line.startswith("content-length:")), 0
            )
            if len(received) >= end + 4 + length:
                # Wait for a second response (it must not come) or the close.
                connection.settimeout(0.5 if b"connection: close" not in received[:end].lower() else 30)
                try:
                    rest = connection.recv(65536)
                    received += rest
                except (socket.timeout, ConnectionResetError):
                    pass
                break
    connection.close()
    end = received.find(b"\r\n\r\n")
    head = received[: end if end >= 0 else len(received)]
    status_line = head.split(b"\r\n", 1)[0].split(b" ")
    status = int(status_line[1]) if len(status_line) > 1 and status_line[1].isdigit() else 0
    return {
        "status": status,
        "head": printable(head),
        "responses": received.count(b"HTTP/1."),
    }


def raw(host: str, port: int, pid: int) -> dict:
    before = process_status(pid, "VmHWM")
    report = {name: exchange(host, port, request.replace(b"%d", b"%d" % port) if b"%d" in request else request)
              for name, request in RAW_CASES.items()}
    report["peakKiB"] = {"before": before, "after": process_status(pid, "VmHWM")}
    return report


def split(url: str):
    parts = urllib.parse.urlsplit(url)
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    return parts.hostname, parts.port, target


def process_status(pid: int, key: str) -> int:
    with open(f"/proc/{pid}/status", encoding="utf-8") as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return -1


def descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def get(host: str, port: int, target: str) -> int:
    request = f"GET {target} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n".encode()
    return exchange(host, port, request)["status"]


def idle(url: str, count: int, pid: int) -> dict:
    host, port, target = split(url)
    before = {"descriptors": descriptors(pid), "peakKiB": process_status(pid, "VmHWM")}
    started = time.monotonic()
    idle_connections = [socket.create_connection((host, port), timeout=30) for _ in range(count)]
    opened_seconds = time.monotonic() - started
    status = get(host, port, target)
    during = {"descriptors": descriptors(pid), "peakKiB": process_status(pid, "VmHWM"),
              "threads": process_status(pid, "Threads")}
    # Which of the idle connections has the server closed (to make room)? A closed one reads
    # as the end of the stream at once; an open one has nothing to read.
    closed_by_server = 0
    for connection in idle_connections:
        connection.setblocking(False)
        try:
            closed_by_server += 1 if connection.recv(1) == b"" else 0
        except BlockingIOError:
            pass
        except ConnectionResetError:
            closed_by_server += 1
    for connection in idle_connections:
        connection.close()
    # The server notices the closes as its threads poll them. No event tells the descriptor
    # count from outside, so look again every 50 ms, for at most 10 s.
    deadline = time.monotonic() + 10
    after = descriptors(pid)
    while after > before["descriptors"] and time.monotonic() < deadline:
        time.sleep(0.05)
        after = descriptors(pid)
    later = get(host, port, target)
    return {
        "status": status,
        "later": later,
        "openedSeconds": opened_seconds,
        "before": before,
        "during": during,
        "after": {"descriptors": after, "peakKiB": process_status(pid, "VmHWM")},
        "closedByServer": closed_by_server,
    }


def many(url: str, count: int) -> dict:
    host, port, target = split(url)
    connections = []
    for index in range(count):
        connection = socket.create_connection((host, port), timeout=60)
        connection.sendall(f"GET {target}{index} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        connections.append(connection)
    print("sent", file=sys.stderr, flush=True)
    outcomes = [None] * count

    def one(index: int) -> None:
        received = b""
        try:
            while b"\r\n\r\n" not in received:
                chunk = connections[index].recv(65536)
                if not chunk:
                    break
                received += chunk
        except (ConnectionResetError, socket.timeout):
            pass
        line = received.split(b"\r\n", 1)[0].split(b" ")
        outcomes[index] = int(line[1]) if len(line) > 1 else "closed"

    threads = [threading.Thread(target=one, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    tally = {}
    for outcome in outcomes:
        tally[str(outcome)] = tally.get(str(outcome), 0) + 1
    return {"outcomes": tally}


if __name__ == "__main__":
    mode, arguments = sys.argv[1], sys.argv[2:]
    if mode == "idle":
        report = idle(arguments[0], int(arguments[1]), int(arguments[2]))
    elif mode == "raw":
        report = raw(arguments[0], int(arguments[1]), int(arguments[2]))
    else:
        report = many(arguments[0], int(arguments[1]))
    json.dump(report, sys.stdout)
