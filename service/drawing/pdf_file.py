"""A PDF file written object by object: numbered objects, Flate streams, the cross-reference table.

What `service.drawing.pdf` needs of PDF 1.4 and nothing more, written with zlib: no date, no
file ID, objects numbered in the order they are asked for, so the same drawing gives the same bytes.

>>> f = PdfFile()
>>> page = f.add(b"<< /Type /Page >>")
>>> data = f.write(f.add(b"<< /Type /Catalog >>"))
>>> data[:8], data.rstrip().endswith(b"%%EOF"), page
(b'%PDF-1.4', True, 1)
"""

from __future__ import annotations

import zlib
from functools import lru_cache

HEADER = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"  # a comment of high bytes: the file is binary


def text_string(text: str) -> bytes:
    """A PDF text string: a literal for printable ASCII, else UTF-16BE with its mark, in hex.

    >>> text_string("1m (East)"), text_string("東")
    (b'(1m \\\\(East\\\\))', b'<FEFF6771>')
    """
    if text.isascii() and text.isprintable():
        return b"(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").encode() + b")"
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode() + b">"


@lru_cache(maxsize=1024)
def deflated(data: bytes) -> bytes:
    """`data` Flate-compressed (zlib, level 9); cached: a face's form is the same bytes in every file."""
    return zlib.compress(data, 9)


class PdfFile:
    """Objects added (or reserved, then put) in order; `write` gives the file."""

    def __init__(self):
        self.objects: list[bytes | None] = []

    def reserve(self) -> int:
        """A number for an object written later with `put` (for objects that refer to each other)."""
        self.objects.append(None)
        return len(self.objects)

    def put(self, number: int, body: bytes) -> None:
        self.objects[number - 1] = body

    def add(self, body: bytes) -> int:
        """A new object; its number (from 1)."""
        self.objects.append(body)
        return len(self.objects)

    @staticmethod
    def stream(entries: bytes, data: bytes) -> bytes:
        """A stream object's body: `entries` (dictionary entries) and `data`, Flate-compressed."""
        packed = deflated(data)
        return b"<< " + entries + b" /Filter /FlateDecode /Length %d >>\nstream\n" % len(packed) + packed + \
            b"\nendstream"

    def write(self, root: int, info: int | None = None) -> bytes:
        """The whole file: header, objects, cross-reference table and trailer."""
        out = bytearray(HEADER)
        offsets = []
        for number, body in enumerate(self.objects, 1):
            if body is None:
                raise ValueError(f"object {number} was reserved and never written")
            offsets.append(len(out))
            out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % at for at in offsets)
        trailer = b"/Size %d /Root %d 0 R" % (len(self.objects) + 1, root)
        if info is not None:
            trailer += b" /Info %d 0 R" % info
        out += b"trailer\n<< " + trailer + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
        return bytes(out)
