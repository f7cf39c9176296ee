#!/usr/bin/env python3
"""Serves Site/ on a loopback port for `make preview`, with opt-in live reload.

Standard library only. Site/ is served exactly as committed, except that an HTML page gets
one extra tag, <script src="/__linkcontract/live.js" data-stamp="..." defer></script>, when
the reader opted in: by opening any page with `?live` (which also sets a cookie, so the pages
the reader goes to next reload too) until they open one with `?live=0`. The script polls
/__linkcontract/stamp, which answers with the stamp file `linkcontract watch --stamp FILE`
rewrites after each build that changed the site, and reloads the page when it changes. It
also polls /__linkcontract/problems, the errors of the last build (`watch --problems FILE`),
and while there are any shows them over the page; the next good build clears them. None of
these files is in Site/.
"""

import argparse
import html
import http.cookies
import http.server
import io
import os
import re
import sys
import urllib.parse

PREFIX = "/__linkcontract/"
COOKIE = "linkcontract_live"


LOOPBACK_HOST = re.compile(r"(127\.0\.0\.1|localhost|\[::1\])(:[0-9]{1,5})?", re.I)


def loopback_host(header):
    """Whether a request's Host header names this machine's loopback (any port), or is absent."""
    return header is None or LOOPBACK_HOST.fullmatch(header.strip()) is not None


def make_handler(site, stamp_path, problems_path, live_js_path):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            self.set_cookie = None
            super().__init__(*args, directory=site, **kwargs)

        def end_headers(self):
            # Always revalidate, so a reload after a rebuild never shows a cached page.
            self.send_header("Cache-Control", "no-cache")
            super().end_headers()

        def log_request(self, code="-", size="-"):
            if isinstance(code, int) and code >= 400:
                super().log_request(code, size)

        def read_stamp(self):
            try:
                with open(stamp_path, "rb") as stamp:
                    return stamp.read().strip()
            except OSError:
                return b""

        def send_bytes(self, body, content_type):
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)

        def live_choice(self, query):
            """True or False when this request opts in or out, None when it says nothing."""
            values = urllib.parse.parse_qs(query, keep_blank_values=True).get("live")
            if values is None:
                return None
            return values[-1].lower() not in ("0", "off", "false", "no")

        def send_head(self):
            self.set_cookie = None
            if not loopback_host(self.headers.get("Host")):
                # A page on another site that rebinds its name to 127.0.0.1 sends its own name:
                # it may not read the preview, nor the build's problems.
                self.send_error(421, "Misdirected Request: the preview answers only 127.0.0.1, localhost and [::1]")
                return None
            parts = urllib.parse.urlsplit(self.path)
            if parts.path == PREFIX + "stamp":
                return self.send_bytes(self.read_stamp(), "text/plain; charset=utf-8")
            if parts.path == PREFIX + "problems":
                try:
                    with open(problems_path, "rb") as problems:
                        body = problems.read()
                except OSError:
                    body = b""
                return self.send_bytes(body, "text/plain; charset=utf-8")
            if parts.path == PREFIX + "live.js":
                with open(live_js_path, "rb") as script:
                    return self.send_bytes(script.read(), "text/javascript; charset=utf-8")
            if parts.path.startswith(PREFIX):
                self.send_error(404, "Not found")
                return None

            if "\0" in urllib.parse.unquote(parts.path):
                # No file name holds a NUL: open() would raise ValueError and drop the connection.
                self.send_error(400, "Bad Request: the path holds a NUL character")
                return None

            choice = self.live_choice(parts.query)
            if choice is True:
                self.set_cookie = "%s=1; Path=/; SameSite=Strict" % COOKIE
            elif choice is False:
                self.set_cookie = "%s=; Path=/; Max-Age=0; SameSite=Strict" % COOKIE
            cookies = http.cookies.SimpleCookie(self.headers.get("Cookie", ""))
            live = choice if choice is not None else (COOKIE in cookies and cookies[COOKIE].value == "1")
            path = self.translate_path(self.path)
            if os.path.isdir(path) and parts.path.endswith("/"):
                path = os.path.join(path, "index.html")
            if not live or not path.endswith(".html") or not os.path.isfile(path):
                return super().send_head()

            with open(path, "rb") as page:
                body = page.read()
            stamp = self.read_stamp().decode("utf-8", "replace")
            tag = '<script src="%slive.js" data-stamp="%s" defer></script>' % (PREFIX, html.escape(stamp))
            body, count = re.subn(rb"</head>", tag.encode() + b"</head>", body, count=1, flags=re.I)
            if count == 0:
                body += tag.encode()
            return self.send_bytes(body, "text/html; charset=utf-8")

        def send_response(self, code, message=None):
            super().send_response(code, message)
            if self.set_cookie:
                self.send_header("Set-Cookie", self.set_cookie)

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="0 takes any free port, printed")
    parser.add_argument("--site", default="Site")
    parser.add_argument("--stamp", required=True, help="the file `linkcontract watch --stamp` writes")
    parser.add_argument("--problems", default="", help="the file `linkcontract watch --problems` writes")
    parser.add_argument("--live-js", default=os.path.join(os.path.dirname(__file__), "preview-live.js"))
    args = parser.parse_args()

    site = os.path.abspath(args.site)  # A path, not a cwd: the build swaps Site/ by renaming it.
    handler = make_handler(site, os.path.abspath(args.stamp),
                           os.path.abspath(args.problems) if args.problems else "", os.path.abspath(args.live_js))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    except OSError as error:
        print("preview: cannot listen on 127.0.0.1:%d: %s (set PORT=...)" % (args.port, error.strerror),
              file=sys.stderr)
        return 1
    server.daemon_threads = True
    print("preview: serving %s at http://127.0.0.1:%d/ (open a page with ?live to reload it after "
          "each rebuild)" % (os.path.relpath(site), server.server_address[1]), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
