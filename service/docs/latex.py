r"""`tiles build paper.tex --out tiles/`: the PDF pictures of a LaTeX document and ``tiles/tiles.sty``.

The document loads the package (``\usepackage{tiles/tiles}``) and calls ``\tiles{14s}`` or
``\tiles[river,dora=4z]{1m9p*2z}``, as `service.pictures.latex_calls` reads them. ``tiles.sty`` defines,
for each call as written (its notation and options, as TeX's ``\detokenize`` writes them: `call_key`),
a command that includes its PDF; ``\tiles`` looks the call up with ``\csname`` and says which call was
not built when one is missing. A call in a line of text has tiles of the text's size (1em high) on the
baseline; a call that starts a paragraph (after ``\centering`` in a figure, or on a line of its own)
is drawn at its CSS size (a px is 0.75 bp, as a browser prints it); ``inline`` makes any call the
text's size. The alt text of each picture is a comment beside its line in ``tiles.sty``.

>>> print(index_text({"14s|": {"file": "ab.pdf", "width": 54, "height": 38, "tile": 38, "alt": "Hand: 1s 4s"}}))
... # doctest: +ELLIPSIS
% Written by `tiles build` ...
\def\tiles@dir{tiles/}% the pictures, from the document's folder
...
\tiles@define{14s|}{ab.pdf}{40.5}{1}{n}% Hand: 1s 4s
<BLANKLINE>
"""

from __future__ import annotations

from service.drawing.version import RENDERER_VERSION

INDEX = "tiles.sty"
SUFFIX = ".tex"
BP_PER_PX = 0.75  # a CSS px on paper, as a browser prints it (a PostScript point is TeX's bp)
INLINE_DROP = 0.12  # how far an inline hand's tiles reach below the baseline, in tile heights (as a descender)


def call_key(tag) -> str:
    """What ``tiles.sty`` looks a call up by (`service.pictures.latex_calls.LatexCall.key`)."""
    return tag.key


def _number(x: float) -> str:
    """A length's number as TeX reads it: at most 4 decimals, no trailing zeros.

    >>> _number(28.5), _number(1.0), _number(2.0 / 3)
    ('28.5', '1', '0.6667')
    """
    return f"{x:.4f}".rstrip("0").rstrip(".")


PACKAGE = rf"""
\RequirePackage{{graphicx}}
\newif\iftiles@inline
\newlength\tiles@width
% \tiles@define{{key}}{{file}}{{width on its own (bp)}}{{height in a line of text (tile heights)}}{{y: inline given}}
\newcommand\tiles@define[5]{{%
  \expandafter\def\csname tiles@pic@\detokenize{{#1}}\endcsname{{\tiles@place{{#2}}{{#3}}{{#4}}{{#5}}}}}}
\newcommand\tiles@place[4]{{%
  \ifvmode\tiles@inlinefalse\else\tiles@inlinetrue\fi
  \if y#4\tiles@inlinetrue\fi
  \iftiles@inline
    \raisebox{{-{INLINE_DROP}em}}{{\includegraphics[height=#3em]{{\tiles@dir #1}}}}%
  \else  % its CSS size, shrunk to the line's width
    \setlength\tiles@width{{#2bp}}%
    \ifdim\tiles@width>\linewidth\setlength\tiles@width{{\linewidth}}\fi
    \leavevmode\includegraphics[width=\tiles@width]{{\tiles@dir #1}}%
  \fi}}
% \tiles[options]{{notation}}: the picture `tiles build` drew for this call
\NewDocumentCommand\tiles{{O{{}}m}}{{%
  \ifcsname tiles@pic@\detokenize{{#2|#1}}\endcsname
    \csname tiles@pic@\detokenize{{#2|#1}}\endcsname
  \else
    \PackageError{{tiles}}{{no picture of \detokenize{{\tiles[#1]{{#2}}}}}}{{Run `tiles build` on this document
      again: it draws the picture of every \string\tiles\space call.}}%
  \fi}}
"""


def index_text(pictures: dict[str, dict], folder: str = "tiles") -> str:
    """``tiles.sty``: where the pictures are (``folder``, from the document's own folder), a line per call
    key (its file, its width on its own, its height in a line of text, whether the call says inline, its alt text), then ``\\tiles``."""
    rows = []
    for key, p in sorted(pictures.items()):
        ratio = p["height"] / p["tile"]
        inline = "y" if p.get("inline") else "n"
        alt = " ".join(p["alt"].split())
        rows.append(f"\\tiles@define{{{key}}}{{{p['file']}}}{{{_number(p['width'] * BP_PER_PX)}}}"
                    f"{{{_number(ratio)}}}{{{inline}}}% {alt}")
    head = (f"% Written by `tiles build` (renderer {RENDERER_VERSION}): the pictures of the document's \\tiles "
            "calls.\n% Do not edit: build the document's pictures again instead.\n")
    where = f"\\def\\tiles@dir{{{folder.rstrip('/')}/}}% the pictures, from the document's folder\n"
    return head + where + PACKAGE.lstrip("\n") + "\n".join(rows) + "\n"


def include(file: str, width: int, height: int, tile: int, inline: bool) -> str:
    r"""The LaTeX that places a picture (``file``: a PDF at ``width`` x ``height`` CSS px with ``tile`` px
    tiles), as ``tiles.sty`` places a call's: inline, 1em tiles on the baseline; else at its CSS size,
    shrunk to the line by Sphinx's ``\sphinxincludegraphics``.

    >>> include("ab.pdf", 36, 24, 24, True)
    '\\raisebox{-0.12em}{\\includegraphics[height=1em]{ab.pdf}}'
    >>> include("ab.pdf", 178, 38, 38, False)
    '\\sphinxincludegraphics[width=133.5bp]{ab.pdf}'
    """
    if inline:
        return f"\\raisebox{{-{INLINE_DROP}em}}{{\\includegraphics[height={_number(height / tile)}em]{{{file}}}}}"
    return f"\\sphinxincludegraphics[width={_number(width * BP_PER_PX)}bp]{{{file}}}"
