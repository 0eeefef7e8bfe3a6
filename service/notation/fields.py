"""Reading scene YAML: fields with their path and marks, so every error lands at ``line:col``.

PyYAML composes the text into nodes (which keep where they start); a `Field` is a node with
its dotted path (``table.seats.E.river``) and turns it into values, or into a `SceneError`
at the field, or at a character of a field's tile text.

>>> compose("a: {b: 12m}").mapping(("a",))["a"].mapping(("b",))["b"].path
'a.b'
>>> compose("a: 1").mapping(("b",))
Traceback (most recent call last):
...
service.notation.fields.SceneError: 1:1: a: unknown field 'a'; expected one of b
"""

from __future__ import annotations

import re

import yaml

from .dora import IndicatorError
from .grammar import ParseError

WINDS = "ESWN"
MAX_SCENE_CHARS = 4096
_ROUND = re.compile(r"([ESWN])([1-4])")


class SceneError(ValueError):
    """A scene that cannot be drawn: the message, the field path and where (1-based line and column)."""

    def __init__(self, message: str, field: str, line: int, col: int):
        super().__init__(f"{line}:{col}: {field + ': ' if field else ''}{message}")
        self.message, self.field, self.line, self.col = message, field, line, col


class Field:
    """A YAML node with its path, for values and positioned errors."""

    def __init__(self, node: yaml.Node, path: str):
        self.node, self.path = node, path

    def fail(self, message: str, offset: int | None = None):
        mark = self.node.start_mark
        col = mark.column + 1
        if offset is not None:  # into a scalar's text: past the opening quote, on its first line
            col += offset + (1 if self.node.style in ("'", '"') else 0)
        raise SceneError(message, self.path, mark.line + 1, col)

    def mapping(self, keys: tuple[str, ...], required: tuple[str, ...] = ()) -> dict[str, Field]:
        if not isinstance(self.node, yaml.MappingNode):
            self.fail(f"{self.path or 'a scene'} must be a mapping of {', '.join(keys)}")
        out: dict[str, Field] = {}
        for k, v in self.node.value:
            name = k.value if isinstance(k, yaml.ScalarNode) else None
            field = Field(k, f"{self.path}.{name}" if self.path else str(name))
            if name not in keys:
                field.fail(f"unknown field {name!r}; expected one of {', '.join(keys)}")
            if name in out:
                field.fail(f"{name!r} is given twice")
            out[name] = Field(v, field.path)
        for name in required:
            if name not in out:
                self.fail(f"{self.path or 'the scene'} needs {name!r}")
        return out

    def text(self) -> str:
        if not isinstance(self.node, yaml.ScalarNode) or self.node.tag.endswith(":null"):
            self.fail("must be a single value like 3m")
        return self.node.value

    def number(self, lo: int, hi: int) -> int:
        text = self.text()
        if not (text.isascii() and text.isdigit() and lo <= int(text) <= hi):
            self.fail(f"must be a whole number from {lo} to {hi}, not {text!r}")
        return int(text)

    def items(self) -> list[Field]:
        if not isinstance(self.node, yaml.SequenceNode):
            self.fail("must be a list, like [25000, 25000, 25000, 25000]")
        return [Field(n, f"{self.path}[{i}]") for i, n in enumerate(self.node.value)]

    def tiles(self, read):
        """Tile text read by `read`; its errors point at the bad character."""
        text = self.text()
        try:
            return read(text)
        except (ParseError, IndicatorError) as err:
            self.fail(err.message, err.position)


def compose(text: str) -> Field:
    """The YAML text's root node; YAML syntax errors are `SceneError`s at their line:col."""
    if len(text) > MAX_SCENE_CHARS:
        raise SceneError(f"a scene is at most {MAX_SCENE_CHARS} characters; this one is {len(text)}", "", 1, 1)
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        raise SceneError(f"not valid YAML: {err.problem or err.context}", "",
                         mark.line + 1 if mark else 1, mark.column + 1 if mark else 1) from None
    if root is None:
        raise SceneError("empty scene: write problem: ... or table: ...", "", 1, 1)
    return Field(root, "")


def read_round(f: Field) -> str:
    rnd = f.text()
    if not _ROUND.fullmatch(rnd.upper()):
        f.fail(f"round must be a wind and a hand number 1-4, like E1 or S3, not {rnd!r}")
    return rnd.upper()


def read_score(f: Field) -> int:
    text = f.text()
    if not re.fullmatch(r"-?[0-9]{1,7}", text):
        f.fail(f"a score is a whole number of points, like 25000, not {text!r}")
    return int(text)
