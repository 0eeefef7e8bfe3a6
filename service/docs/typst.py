"""`tiles build paper.typ --out tiles/`: the SVG pictures of a Typst document and ``tiles/tiles.typ``.

The document imports the function (``#import "tiles/tiles.typ": tiles``) and calls it as
`service.pictures.typst_calls` reads it: ``#tiles("123m", river: true, dora: "4z")``. ``tiles.typ``
maps each call's notation and named arguments (`call_key`, which the Typst function computes the same
way) to its picture, its size and its alt text. An inline hand (``inline: true``) is a box on the
baseline whose tiles are the text's size (1em high); any other is drawn at its CSS size (a px is
0.75 pt, as a browser prints it) and goes in ``#figure(tiles(...), caption: [...])`` as any image
does. ``size: 2em`` sets the tiles' height (a Typst length) for one call, ``alt: "..."`` its alt text.

>>> call_key({"notation": "123m", "river": True, "dora": "4z", "height": 50.0})
'123m\\ndora=4z\\nheight=50\\nriver=true'
>>> print(typst_string('Hand: 1m "2m"\\n'))
"Hand: 1m \\"2m\\"\\n"
"""

from __future__ import annotations

from service.drawing.version import RENDERER_VERSION

INDEX = "tiles.typ"
SUFFIX = ".typ"
PT_PER_PX = 0.75  # a CSS px on paper, as a browser prints it
INLINE_DROP = 0.12  # how far an inline hand's tiles reach below the baseline, in tile heights (as a descender)


def call_key(props: dict) -> str:
    """What a call is looked up by: its notation, then each named argument (sorted) as ``name=value``
    on its own line (a whole number written ``50.0`` is ``50``, a flag ``true``), as ``tiles.typ``'s
    ``_key`` writes it."""
    named = {k: v for k, v in props.items() if k != "notation"}
    return props["notation"] + "".join(f"\n{k}={_value(named[k])}" for k in sorted(named))


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value) if not isinstance(value, float) else repr(value)


def typst_string(text: str) -> str:
    """``text`` as a Typst string literal."""
    out = []
    for c in text:
        if c in '\\"':
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif ord(c) < 0x20 or c == "\x7f":
            out.append(f"\\u{{{ord(c):x}}}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


# The function the document imports: looks a call up (the same key as `call_key`) and places its picture.
FUNCTION = f"""
#let _value(v) = if type(v) == bool {{ if v {{ "true" }} else {{ "false" }} }} else if type(v) == float and calc.fract(v) == 0 {{ str(int(v)) }} else {{ str(v) }}

#let _key(notation, named) = named.keys().filter(k => k not in ("size", "alt")).sorted().fold(
  notation, (key, k) => key + "\\n" + k + "=" + _value(named.at(k)))

/// A hand drawn by `tiles build`: #tiles("123m", dora: "4z"); inline: true puts it in a line of text.
#let tiles(notation, size: auto, alt: auto, ..options) = {{
  if options.pos().len() > 0 {{ panic("tiles: give the options by name, like river: true") }}
  let key = _key(notation, options.named())
  let p = _pictures.at(key, default: none)
  if p == none {{
    panic("tiles: no picture of " + repr(key) + " here: run `tiles build` on this document again")
  }}
  let inline = options.named().at("inline", default: false) == true
  let tile = if size != auto {{ size }} else if inline {{ 1em }} else {{ p.tile * {PT_PER_PX}pt }}
  let alt = if alt == auto {{ p.alt }} else {{ alt }}
  if inline {{
    box(image(p.file, height: tile * (p.height / p.tile), alt: alt), baseline: tile * {INLINE_DROP})
  }} else {{
    box(layout(room => {{  // a hand wider than its column is shrunk to the column's width
      image(p.file, width: calc.min((tile * (p.width / p.tile)).to-absolute(), room.width), alt: alt)
    }}))
  }}
}}
"""


def index_text(pictures: dict[str, dict]) -> str:
    """``tiles.typ``: the pictures by call key (each: its file beside ``tiles.typ``, its CSS size and
    tile height, its alt text), then the ``tiles`` function.

    >>> print(index_text({"1m": {"file": "ab.svg", "width": 30, "height": 38, "tile": 38, "alt": "Hand: 1m"}}))
    ... # doctest: +ELLIPSIS
    // Written by `tiles build` ...
    #let _pictures = (
      "1m": (file: "ab.svg", width: 30, height: 38, tile: 38, alt: "Hand: 1m"),
    )
    ...
    """
    rows = [f"  {typst_string(key)}: (file: {typst_string(p['file'])}, width: {p['width']}, height: {p['height']}, "
            f"tile: {p['tile']}, alt: {typst_string(p['alt'])})," for key, p in sorted(pictures.items())]
    head = (f"// Written by `tiles build` (renderer {RENDERER_VERSION}): the pictures of the document's tiles() "
            "calls.\n// Do not edit: build the document's pictures again instead.\n")
    return head + "#let _pictures = (\n" + "\n".join(rows or ["  :"]) + "\n)\n" + FUNCTION
