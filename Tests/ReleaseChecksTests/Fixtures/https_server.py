#!/usr/bin/env python3
"""A small HTTPS server for linkcontract's verify-host tests.

Usage: https_server.py ROOT CERT KEY

Binds 127.0.0.1 on a free port, prints the port as one line on standard output
(the test reads it: it waits for that line, not for a clock), and serves
ROOT/<variant>/<path> for GET /<variant>/<path>. A file ROOT/<variant>/meta.json
may say how the variant answers: {"status": 302, "location": "...",
"contentType": "text/html", "delay": 3.0, "contentLength": 99999,
"together": 2}. "contentLength" announces that length whatever the body, then
closes the connection; "together" holds each request until that many have
arrived (or ten minutes pass, then answers 503), so that only a client that
fetches at once is answered. The default is 200 and application/json. Stops on
SIGTERM.
"""
import json
import os
import signal
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

root, cert, key = sys.argv[1:4]
barriers = {}
barriers_lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        parts = self.path.lstrip("/").split("/", 1)
        variant = parts[0]
        rest = parts[1] if len(parts) > 1 else ""
        folder = os.path.join(root, variant)
        meta = {}
        meta_path = os.path.join(folder, "meta.json")
        if os.path.exists(meta_path):
            with open(meta_path) as handle:
                meta = json.load(handle)
        time.sleep(meta.get("delay", 0))
        if "together" in meta:
            with barriers_lock:
                barrier = barriers.setdefault(variant, threading.Barrier(meta["together"], timeout=600))
            try:
                barrier.wait()
            except threading.BrokenBarrierError:
                meta = {"status": 503}
        target = os.path.normpath(os.path.join(folder, rest))
        if not target.startswith(folder + os.sep) or not os.path.isfile(target):
            body = b"<html><body>Not found</body></html>"
            self.send_response(404)
            self.send_header("Content-Type", "text/html")
        else:
            with open(target, "rb") as handle:
                body = handle.read()
            self.send_response(meta.get("status", 200))
            self.send_header("Content-Type", meta.get("contentType", "application/json"))
            if "location" in meta:
                self.send_header("Location", meta["location"])
        self.send_header("Content-Length", str(meta.get("contentLength", len(body))))
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True


class Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A client that gave up (a timeout test) closed its end: nothing to report.
        pass


server = Server(("127.0.0.1", 0), Handler)
server.daemon_threads = True
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(cert, key)
server.socket = context.wrap_socket(server.socket, server_side=True)
# A child of a test runner can inherit a mask that blocks SIGTERM: unblock it.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
signal.signal(signal.SIGTERM, lambda *_: os._exit(0))


def watch_parent(parent=os.getppid()):
    # Never outlive the test that started it (which stops it when done), nor run longer than
    # half an hour: a safety net only, far beyond what a test on a busy machine needs.
    started = time.time()
    while os.getppid() == parent and time.time() - started < 1800:
        time.sleep(0.2)
    os._exit(0)


threading.Thread(target=watch_parent, daemon=True).start()
print(server.server_address[1], flush=True)
server.serve_forever()
