"""The audit HTML page in a real browser: it renders, loads nothing, logs nothing, draws the bars.

Needs Debian's ``chromium`` on PATH (``apt-get install chromium``); skipped otherwise.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from test_audit import CONSTRAINT_BARS, DOC_ROWS, GAP_BARS, RULE_BARS, _parse, cli

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")

# What Chromium logs for a console message, a CSP violation or a failed load.
BAD_LOG = re.compile(r"CONSOLE|Content[- ]Security[- ]Policy|Refused to|net::ERR_|Failed to load|Uncaught", re.I)

BLUE, RED, AMBER = (0x25, 0x63, 0xEB), (0xDC, 0x26, 0x26), (0xD9, 0x77, 0x06)


def _chromium(tmp: Path, url: str, *mode: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={tmp / 'profile'}", "--enable-logging=stderr", "--v=0", "--window-size=1280,2000",
            *mode, url,
        ],
        capture_output=True, text=True, timeout=180, cwd=tmp,
    )


def _png_pixels(data: bytes) -> tuple[int, int, set[tuple[int, int, int]]]:
    """Width, height and the set of colours of an 8-bit RGB/RGBA PNG (stdlib only)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        (length,), kind = struct.unpack(">I", data[pos:pos + 4]), data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    colours: set[tuple[int, int, int]] = set()
    for y in range(height):
        ftype, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        colours.update(tuple(line[x:x + 3]) for x in range(0, stride, bpp))  # type: ignore[misc]
        prev = line
    return width, height, colours


def _bad_lines(stderr: str) -> list[str]:
    return [ln for ln in stderr.splitlines() if BAD_LOG.search(ln)]


def test_page_renders_in_chromium(tmp_path: Path) -> None:
    page = tmp_path / "audit.html"
    r = cli(["audit", "estate", "--format", "html", "--output", str(page)])
    assert r.returncode == 0, r.stderr
    url = page.as_uri()

    shot = _chromium(tmp_path, url, f"--screenshot={tmp_path / 'audit.png'}")
    assert shot.returncode == 0, shot.stderr[-2000:]
    assert _bad_lines(shot.stderr) == []
    width, height, colours = _png_pixels((tmp_path / "audit.png").read_bytes())
    assert (width, height) == (1280, 2000)
    assert len(colours) > 50  # text, cards and charts, not a blank page
    assert {BLUE, RED, AMBER} <= colours  # constraint bars, gap bars, the "no description" bar

    dom = _chromium(tmp_path, url, "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert _bad_lines(dom.stderr) == []
    parsed = _parse(dom.stdout)
    assert parsed.bars == {"chart-constraints": CONSTRAINT_BARS, "chart-gaps": GAP_BARS, "chart-rules": RULE_BARS}
    assert parsed.rows == DOC_ROWS


def test_the_log_check_catches_a_blocked_load(tmp_path: Path) -> None:
    """The same page with one forbidden load: the CSP blocks it and Chromium logs it, so the
    check above would notice if the real page tried to load anything."""
    page = tmp_path / "bad.html"
    r = cli(["audit", "estate", "--format", "html", "--output", str(page)])
    assert r.returncode == 0
    html = page.read_text(encoding="utf-8").replace("</main>", f'<img src="{(tmp_path / "x.png").as_uri()}" alt=""></main>')
    page.write_text(html, encoding="utf-8")
    dom = _chromium(tmp_path, page.as_uri(), "--dump-dom")
    assert dom.returncode == 0
    assert _bad_lines(dom.stderr) != []
