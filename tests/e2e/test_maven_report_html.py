"""report.html of `mvn mr-coupler:generate`, opened in headless Chromium (Debian's `chromium`): the
page renders, and the rendered DOM lists every candidate with its status."""

import struct
import subprocess
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import AES_TARGET, TIMEOUT, llm_env, maven_llm_args

CHROMIUM = Path("/usr/bin/chromium")
WIDTH, HEIGHT = 1200, 1600


def chromium(url, profile, *args):
    """Headless Chromium with nothing that reaches out (no updates, sync or background traffic)."""
    completed = subprocess.run(
        [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={profile}", *args, url],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace", timeout=TIMEOUT)
    assert completed.returncode == 0, completed.stderr[-3000:]
    return completed.stdout


class Rows(HTMLParser):
    """The text of each table row's cells."""

    def __init__(self):
        super().__init__()
        self.rows, self.row, self.cell = [], None, None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.rows.append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def png_facts(path):
    """(width, height, share of non-zero bytes in the filtered image data): a blank page is ~0."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    pos, idat, size = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    return size[0], size[1], sum(1 for b in raw if b) / len(raw)


@pytest.mark.skipif(not CHROMIUM.is_file(), reason="/usr/bin/chromium is missing: apt-get install chromium")
def test_the_html_report_renders_and_lists_both_candidates_with_their_status(copy_project, mvn, scripted_llm,
                                                                             tmp_path):
    project = copy_project("example")
    build = mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}",
                *maven_llm_args(scripted_llm("aes-example.json")), env=llm_env())
    assert build.succeeded, build
    page = (project / "target" / "mr-coupler" / "report.html").as_uri()
    screenshot = tmp_path / "report.png"

    chromium(page, tmp_path / "profile", f"--screenshot={screenshot}", f"--window-size={WIDTH},{HEIGHT}")
    dom = chromium(page, tmp_path / "profile", "--dump-dom")

    width, height, ink = png_facts(screenshot)
    assert (width, height) == (WIDTH, HEIGHT)
    assert ink > 0.01, f"the screenshot looks blank ({ink:.4%} non-zero bytes)"
    parser = Rows()
    parser.feed(dom)
    statuses = {}
    for row in parser.rows:
        for name in ("AESEncryption_encryptText_MTC1Test", "AESEncryption_encryptText_MTC2Test"):
            if row and row[0].endswith(name):
                statuses[name] = row
    assert set(statuses) == {"AESEncryption_encryptText_MTC1Test", "AESEncryption_encryptText_MTC2Test"}, \
        parser.rows
    mtc1, mtc2 = statuses["AESEncryption_encryptText_MTC1Test"], statuses["AESEncryption_encryptText_MTC2Test"]
    assert "kept" in mtc1 and any("encryptWithDefaultKey" in cell for cell in mtc1), mtc1
    assert "filteredByMutation" in mtc2 and any("encryptTextWithAbecedarium" in cell for cell in mtc2), mtc2
