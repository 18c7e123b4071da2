"""OpenSlide's Deep Zoom generator behind a small threaded HTTP server (the tile benchmark's
reference for OpenSlide, Debian's python3-openslide): /<name>_files/<level>/<col>_<row>.jpeg,
tiles of the size given, no overlap, JPEG quality 75 as in OpenSlide's deepzoom_server example.

    /usr/bin/python3 tiles-openslide-dz.py PORT NAME=TILE_SIZE=PATH [NAME=TILE_SIZE=PATH ...]
"""
import io
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import openslide
from openslide.deepzoom import DeepZoomGenerator

PORT = int(sys.argv[1])
SLIDES = {name: (int(size), path) for name, size, path in (a.split("=", 2) for a in sys.argv[2:])}
TILE = re.compile(r"^/([\w.-]+)_files/(\d+)/(\d+)_(\d+)\.jpe?g$")
LOCAL = threading.local()


def generator(name):
    """One OpenSlide handle per thread and slide (handles are thread-safe, PIL work is not shared)."""
    cache = getattr(LOCAL, "slides", None)
    if cache is None:
        cache = LOCAL.slides = {}
    if name not in cache:
        size, path = SLIDES[name]
        slide = openslide.OpenSlide(path)
        cache[name] = DeepZoomGenerator(slide, tile_size=size, overlap=0, limit_bounds=False)
    return cache[name]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        m = TILE.match(self.path)
        if not m or m.group(1) not in SLIDES:
            self.send_error(404)
            return
        try:
            tile = generator(m.group(1)).get_tile(
                int(m.group(2)), (int(m.group(3)), int(m.group(4)))
            )
        except ValueError:
            self.send_error(404)
            return
        out = io.BytesIO()
        tile.save(out, "jpeg", quality=75)
        body = out.getvalue()
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256


if __name__ == "__main__":
    server = Server(("127.0.0.1", PORT), Handler)
    print(f"READY {PORT}", flush=True)
    # The bench holds our stdin: when it closes, the server ends.
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    server.serve_forever()
