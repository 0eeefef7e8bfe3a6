"""The conformance page (issue 37 item 5): one Markdown source every docs stack builds.

``tests/fixtures/conformance/page.md`` uses the syntax every stack shares (`<Tiles>` tags on their
own and inline with their props, a ```` ```tiles ```` fence, a ```` ```tiles-scene ```` block);
``page.rst`` says the same through Sphinx's directive and role. Each site fixture of
tests/browser holds a copy (`COPIES`, held identical by tests/browser/test_conformance.py), and
``typo.md`` / ``typo.rst`` are the page with the notations and props of `TYPOS` (`RST_TYPOS`) misspelt.

What a built page shows is read here the same way for every stack: the image files its tiles
pictures name (by name and content hash) and their alt texts in page order (`pictures`); what a
failed build says, as ``(line, col, message)`` of each problem in the typo page (`problems`).

>>> variant("wait on 14s", [("14s", "14q")])
'wait on 14q'
>>> places("a\\nwait on 14q", [("14s", "14q")])
{'14q': (2, 9)}
>>> sorted(problems("x/conformance.mdx:3:9: 'q' is not a suit letter\\nfile: /a/conformance.mdx:3:9", "conformance.mdx"))
[(3, 9, "'q' is not a suit letter")]
"""

from __future__ import annotations

import hashlib
import html.parser
import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "tests" / "fixtures" / "conformance"
PAGE, TYPO = HERE / "page.md", HERE / "typo.md"
RST_PAGE, RST_TYPO = HERE / "page.rst", HERE / "typo.rst"
# The typo variant: these notations and props misspelt (each written once in page.md), and the same
# typos in page.rst (`RST_TYPOS`: a prop there is the directive's option, spelt its own way).
TYPOS = [("14s", "14q"), ("19m19p19s1234567z+1m", "19m19p19s1234567z+1x"), ("3p3p1z", "3p3q1z"),
         ('seat="S"', 'seat="X"')]
RST_TYPOS = TYPOS[:-1] + [(":seat: S", ":seat: X")]
BROWSER = ROOT / "tests" / "browser"
PYSITES = BROWSER / "pysites"
# Each stack's copy of the page (or of its typo variant) -> the one source it must equal.
COPIES = {
    BROWSER / "docusaurus" / "docs" / "conformance.mdx": PAGE,
    BROWSER / "docusaurus" / "bad-docs" / "conformance.mdx": TYPO,
    BROWSER / "astro" / "src" / "pages" / "conformance.mdx": PAGE,
    BROWSER / "astro" / "typo-src" / "pages" / "conformance.mdx": TYPO,
    BROWSER / "nextra" / "content" / "conformance.mdx": PAGE,
    BROWSER / "nextra" / "app" / "bad" / "conformance.mdx": TYPO,
    BROWSER / "vitepress" / "pages" / "conformance.md": PAGE,
    BROWSER / "vitepress" / "typo-pages" / "conformance.md": TYPO,
    PYSITES / "mkdocs" / "docs" / "conformance.md": PAGE,
    PYSITES / "mkdocs" / "typo-docs" / "conformance.md": TYPO,
    PYSITES / "zensical" / "docs" / "conformance.md": PAGE,
    PYSITES / "zensical" / "typo-docs" / "conformance.md": TYPO,
    PYSITES / "sphinx" / "src" / "conformance.md": PAGE,
    PYSITES / "sphinx" / "src" / "conformance-rst.rst": RST_PAGE,
    PYSITES / "sphinx" / "bad" / "conformance.md": TYPO,
    PYSITES / "sphinx" / "bad" / "conformance-rst.rst": RST_TYPO,
}
# `path:line:col: message` as every stack prints a problem (the message ends at the line's end, or
# at a JSON string's escaped newline); a stack may print one several times.
_PROBLEM = r"(?<![\w.-]){name}:(\d+):(\d+): (?!warning: )([^\n\\]+)"


def variant(text: str, typos: list[tuple[str, str]] = TYPOS) -> str:
    """``text`` with each typo made (each written once in it)."""
    for good, bad in typos:
        assert text.count(good) == 1, good
        text = text.replace(good, bad)
    return text


def changed_at(good: str, bad: str) -> int:
    """Where a typo starts in its misspelling: the index of the first character it changes.

    >>> changed_at('seat="S"', 'seat="X"'), changed_at(":seat: S", ":seat: X")
    (6, 7)
    """
    return next(i for i, (g, b) in enumerate(zip(good, bad)) if g != b)


def places(text: str, typos: list[tuple[str, str]] = TYPOS) -> dict[str, tuple[int, int]]:
    """The 1-based line and column where each misspelt notation starts in ``text``."""
    out = {}
    for _, bad in typos:
        at = text.index(bad)
        out[bad] = text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1
    return out


def problems(output: str, name: str) -> set[tuple[int, int, str]]:
    """Every ``(line, col, message)`` a build's output gives for the file ``name``."""
    return {(int(line), int(col), message.strip())
            for line, col, message in re.findall(_PROBLEM.format(name=re.escape(name)), output)}


@dataclass
class Pictures:
    """What a built page shows: the files its pictures name (name -> sha256 of the bytes; empty for
    inline SVG), and each picture's alt text (`alt`, or an inline SVG's `aria-label`), caption and size
    in page order, once per picture (the dark image of a light/dark pair, or a <picture>'s dark <source>, is the same
    picture)."""

    files: dict[str, str] = field(default_factory=dict)
    alts: list[str] = field(default_factory=list)
    captions: list[str] = field(default_factory=list)  # each <figcaption>, and the title of a picture in a line
    sizes: list[tuple[int, int]] = field(default_factory=list)  # each picture's width and height (CSS px)


class _Tags(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: list[tuple[str, dict]] = []
        self.caption: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag in ("img", "source", "svg"):
            self.found.append((tag, dict(attrs)))
        elif tag == "figcaption":
            self.caption = []

    def handle_data(self, data):
        if self.caption is not None:
            self.caption.append(data)

    def handle_endtag(self, tag):
        if tag == "figcaption" and self.caption is not None:
            self.found.append((tag, {"text": "".join(self.caption).strip()}))
            self.caption = None


def _urls(attrs: dict) -> list[str]:
    """The files an <img> or <source> names (a.svg#2x is a view of a.svg)."""
    return [c.split()[0].split("#")[0] for c in (attrs.get("srcset") or "").split(",") if c.strip()] + \
        ([attrs["src"]] if attrs.get("src") else [])


def pictures(page: Path, root: Path) -> Pictures:
    """The tiles pictures of a built page; an absolute URL is a file under ``root`` (the site as
    served from /), a relative one is beside the page."""
    tags = _Tags()
    tags.feed(page.read_text(encoding="utf-8"))
    out = Pictures()
    sources: list[dict] = []  # a <picture>'s <source>s, which belong to the <img> after them
    for tag, attrs in tags.found:
        if tag == "source":
            sources.append(attrs)
            continue
        if tag == "figcaption":
            out.captions.append(attrs["text"])
            continue
        mine, sources = sources if tag == "img" else [], []
        classes = (attrs.get("class") or "").split()
        if "tiles" not in classes:
            continue
        for url in [u for a in ([*mine, attrs] if tag == "img" else []) for u in _urls(a)]:
            file = root / url.lstrip("/") if url.startswith("/") else page.parent / url
            out.files[file.name] = hashlib.sha256(file.read_bytes()).hexdigest()
        if "tiles--dark" not in classes:
            out.alts.append(attrs.get("alt") if tag == "img" else attrs.get("aria-label"))
            out.sizes.append((int(attrs["width"]), int(attrs["height"])))
            if attrs.get("title"):
                out.captions.append(attrs["title"])
    return out


def files_of(folder: Path) -> dict[str, str]:
    """name -> sha256 of every image file in ``folder`` (as `pictures` gives them)."""
    return {f.name: hashlib.sha256(f.read_bytes()).hexdigest() for f in folder.iterdir()
            if f.suffix in (".png", ".svg")}
