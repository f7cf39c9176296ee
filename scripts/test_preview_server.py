"""The preview server answers only requests addressed to the loopback: a DNS-rebinding page,
whose requests carry its own host name, reads neither the site nor the build's problems.

Run by `make test` (python3 -m unittest discover -s scripts).
"""

import http.client
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
# Only a safety net for a server that hangs: every wait ends on its answer, and a busy machine
# must never fail a test by being slow.
SAFETY_SECONDS = 600


class PreviewServerHostTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        site = os.path.join(cls.folder.name, "Site")
        os.mkdir(site)
        with open(os.path.join(site, "index.html"), "w") as page:
            page.write("<html><head></head><body>site page</body></html>")
        cls.problems = os.path.join(cls.folder.name, "problems")
        with open(cls.problems, "w") as problems:
            problems.write("Content/a.md:1:1: error: secret problem text\n")
        cls.server = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "preview_server.py"), "--port", "0", "--site", site,
             "--stamp", os.path.join(cls.folder.name, "stamp"), "--problems", cls.problems],
            stdout=subprocess.PIPE, text=True)
        line = cls.server.stdout.readline()
        cls.port = int(line.split("http://127.0.0.1:")[1].split("/")[0])

    @classmethod
    def tearDownClass(cls):
        cls.server.terminate()
        cls.server.wait(timeout=SAFETY_SECONDS)
        cls.server.stdout.close()
        cls.folder.cleanup()

    def get(self, path, host):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=SAFETY_SECONDS)
        connection.putrequest("GET", path, skip_host=True)
        if host is not None:
            connection.putheader("Host", host)
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, body

    def test_loopback_hosts_are_answered(self):
        for host in ["127.0.0.1", "127.0.0.1:%d" % self.port, "localhost", "LOCALHOST:8000", "[::1]",
                     "[::1]:%d" % self.port]:
            for path, expected in [("/", b"site page"), ("/__linkcontract/problems", b"secret problem text")]:
                with self.subTest(host=host, path=path):
                    status, body = self.get(path, host)
                    self.assertEqual(status, 200)
                    self.assertIn(expected, body)

    def test_other_hosts_are_refused(self):
        for host in ["attacker.example", "attacker.example:%d" % self.port, "127.0.0.1.attacker.example",
                     "localhost.attacker.example", "[::1].attacker.example", "", "127.0.0.2"]:
            for path in ["/", "/index.html", "/__linkcontract/problems", "/__linkcontract/stamp"]:
                with self.subTest(host=host, path=path):
                    status, body = self.get(path, host)
                    self.assertEqual(status, 421)
                    self.assertNotIn(b"secret problem text", body)
                    self.assertNotIn(b"site page", body)

    def test_a_nul_in_the_path_is_a_bad_request(self):
        # The server once raised ValueError (embedded null byte) on these and dropped the
        # connection without an answer.
        for path in ["/index.html%00.png", "/%00", "/index.html%00", "/a%00b/index.html", "/index.html%00?live"]:
            with self.subTest(path=path):
                status, body = self.get(path, "127.0.0.1")
                self.assertEqual(status, 400)
                self.assertNotIn(b"site page", body)
        status, body = self.get("/index.html", "127.0.0.1")
        self.assertEqual(status, 200, "the server still answers after them")


if __name__ == "__main__":
    unittest.main()
