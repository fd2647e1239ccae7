"""HTTP clients for the end-to-end tests of `mvsearch serve`, on Python's standard library only.

Usage: http_client.py MODE ARGUMENTS; each mode prints one JSON object, its report, on stdout,
and the Swift test asserts it.
  concurrent URL N        N threads, released together, each GET the same URL on a connection
                          of its own: the statuses and the distinct bodies
  keepalive URL N PID     N sequential GETs on one kept-alive connection (http.client): the
                          statuses, how many connections it took, and the server's VmRSS (from
                          /proc/PID/status) after the first 100 and after all N
  cap URL N               N connections opened, each sending the start of a request's head and
                          no more, then one GET of URL: its status (and Retry-After), then, once
                          the N are closed, another GET's status
  slowloris URL SLOW      SLOW connections trickling a request's head a byte a second, and while
                          they hang, one ordinary GET of URL: its status and time, then how long
                          the server took to drop each slow connection
"""

import http.client
import json
import socket
import sys
import threading
import time
import urllib.parse


def split(url: str):
    parts = urllib.parse.urlsplit(url)
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    return parts.hostname, parts.port, target


def concurrent(url: str, count: int) -> dict:
    host, port, target = split(url)
    barrier = threading.Barrier(count)
    answers = [None] * count

    def one(index: int) -> None:
        connection = http.client.HTTPConnection(host, port, timeout=60)
        connection.connect()
        barrier.wait()
        connection.request("GET", target)
        response = connection.getresponse()
        answers[index] = (response.status, response.read().decode())
        connection.close()

    threads = [threading.Thread(target=one, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {
        "statuses": [answer[0] for answer in answers],
        "distinctBodies": len({answer[1] for answer in answers}),
    }


def resident_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="utf-8") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def keepalive(url: str, count: int, pid: int) -> dict:
    host, port, target = split(url)
    connections = 0
    connection = None
    statuses = {}
    rss = {}
    started = time.monotonic()
    for index in range(count):
        if connection is None:
            connection = http.client.HTTPConnection(host, port, timeout=30)
            connections += 1
        connection.request("GET", target)
        response = connection.getresponse()
        response.read()
        statuses[response.status] = statuses.get(response.status, 0) + 1
        if response.will_close:
            connection.close()
            connection = None
        if index + 1 in (100, count):
            rss[str(index + 1)] = resident_kib(pid)
    return {
        "statuses": {str(status): number for status, number in statuses.items()},
        "connections": connections,
        "residentKiB": rss,
        "seconds": time.monotonic() - started,
    }


def slowloris(url: str, slow: int) -> dict:
    host, port, target = split(url)
    head = f"GET {target} HTTP/1.1\r\nHost: {host}:{port}\r\nX-Slow: " + "a" * 200
    sockets = []
    for _ in range(slow):
        connection = socket.create_connection((host, port), timeout=60)
        connection.sendall(head[:10].encode())
        sockets.append(connection)
    dropped = [None] * slow
    started = time.monotonic()

    def trickle(index: int) -> None:
        connection = sockets[index]
        connection.settimeout(1.0)
        # A byte a second (the receive's timeout paces it) until the server answers or closes;
        # given up after 25 s, reported as never dropped.
        for byte in head[10:]:
            if time.monotonic() - started > 25:
                break
            try:
                connection.sendall(byte.encode())
                answer = connection.recv(4096)
            except socket.timeout:
                continue
            except OSError:
                answer = b""
            dropped[index] = {"seconds": time.monotonic() - started, "answer": answer[:12].decode("latin-1")}
            break
        connection.close()

    threads = [threading.Thread(target=trickle, args=(index,)) for index in range(slow)]
    for thread in threads:
        thread.start()
    before = time.monotonic()
    connection = http.client.HTTPConnection(host, port, timeout=60)
    connection.request("GET", target)
    response = connection.getresponse()
    response.read()
    ordinary = {"status": response.status, "seconds": time.monotonic() - before}
    connection.close()
    for thread in threads:
        thread.join()
    return {"ordinary": ordinary, "droppedAfterSeconds": dropped}


def cap(url: str, count: int) -> dict:
    host, port, target = split(url)
    # Each sends the start of a request's head: busy reading it, none may make room for another
    # (an idle one would).
    idle = [socket.create_connection((host, port), timeout=60) for _ in range(count)]
    for connection in idle:
        connection.sendall(f"GET {target} HTTP/1.1\r\n".encode())

    def ask() -> tuple:
        connection = http.client.HTTPConnection(host, port, timeout=60)
        connection.request("GET", target)
        response = connection.getresponse()
        response.read()
        connection.close()
        return response.status, response.getheader("Retry-After")

    status, retry_after = ask()
    # Whether the cap was really held when it asked: a connection the server had already closed
    # (its head timed out, on a machine too loaded to send 128 heads in time) made room.
    dropped = 0
    for connection in idle:
        connection.setblocking(False)
        try:
            if connection.recv(1, socket.MSG_PEEK) is not None:
                dropped += 1  # an answer (408) or the end: the server let it go
        except BlockingIOError:
            pass
        except OSError:
            dropped += 1
    for connection in idle:
        connection.close()
    # The server notices the closed connections as it polls them: ask again as its 503 says
    # (Retry-After), at most 10 times.
    later = None
    for _ in range(10):
        later, wait = ask()
        if later != 503:
            break
        time.sleep(int(wait or "1"))
    return {"status": status, "retryAfter": retry_after, "later": later, "dropped": dropped}


if __name__ == "__main__":
    mode, arguments = sys.argv[1], sys.argv[2:]
    if mode == "concurrent":
        report = concurrent(arguments[0], int(arguments[1]))
    elif mode == "cap":
        report = cap(arguments[0], int(arguments[1]))
    elif mode == "keepalive":
        report = keepalive(arguments[0], int(arguments[1]), int(arguments[2]))
    else:
        report = slowloris(arguments[0], int(arguments[1]))
    json.dump(report, sys.stdout)
