#!/usr/bin/env python3
"""Draws the table page's app icons (referee/web/static/icon-192.png, icon-512.png): a
red card tilted on a dark green table, with a white oval, as plain PNG written with the
standard library (no image package). Run again only to change the design."""
import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "referee" / "web" / "static"
TABLE, CARD, OVAL = (20, 83, 45), (214, 40, 40), (255, 255, 255)


def pixel(x, y, size):
    """The colour at (x, y): the point turned back by the card's tilt, then tested
    against the card (a rounded rectangle) and its oval."""
    cx = cy = size / 2
    angle = math.radians(-18)
    dx, dy = x - cx, y - cy
    u = dx * math.cos(angle) - dy * math.sin(angle)
    v = dx * math.sin(angle) + dy * math.cos(angle)
    half_w, half_h, radius = size * 0.26, size * 0.38, size * 0.06
    qx, qy = max(abs(u) - (half_w - radius), 0), max(abs(v) - (half_h - radius), 0)
    if math.hypot(qx, qy) > radius:
        return TABLE
    if (u / (half_w * 0.8)) ** 2 + (v / (half_h * 0.55)) ** 2 <= 1 and abs(u + v * 0.3) > size * 0.02:
        return OVAL
    return CARD


def png(size):
    rows = b"".join(b"\x00" + bytes(c for x in range(size) for c in pixel(x + 0.5, y + 0.5, size))
                    for y in range(size))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


if __name__ == "__main__":
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(png(size))
        print(f"wrote {OUT / f'icon-{size}.png'}")
