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
from dataclasses import dataclass

import yaml

from .dora import IndicatorError
from .grammar import ParseError
from .scalar_marks import mark_of, value_offsets

WINDS = "ESWN"
MAX_SCENE_CHARS = 4096
MAX_DEPTH = 16  # collections in collections: a scene needs 4 (the root, table:, seats:, a seat)
_ROUND = re.compile(r"([ESWN])([1-4])")


class SceneError(ValueError):
    """A scene that cannot be drawn: the message, the field path and where (1-based line and column)."""

    def __init__(self, message: str, field: str, line: int, col: int):
        super().__init__(f"{line}:{col}: {field + ': ' if field else ''}{message}")
        self.message, self.field, self.line, self.col = message, field, line, col


@dataclass(frozen=True)
class SceneWarning:
    """A scene that is drawn, but maybe not as meant: the message, the field path and where (1-based).

    >>> str(SceneWarning("'22z' is read as a meld", "problem.hand", 3, 20))
    "3:20: problem.hand: '22z' is read as a meld"
    """

    message: str
    field: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.line}:{self.col}: {self.field + ': ' if self.field else ''}{self.message}"


class Field:
    """A YAML node with its path (and the YAML text it was read from), for values and positioned errors;
    `notes` is the scene's list of `SceneWarning`s, shared by all the fields read from one text."""

    def __init__(self, node: yaml.Node, path: str, source: str = "", notes: list | None = None):
        self.node, self.path, self.source = node, path, source
        self.notes: list[SceneWarning] = [] if notes is None else notes

    def child(self, node: yaml.Node, path: str) -> Field:
        """A field of this one's text: the same source, the same warnings."""
        return Field(node, path, self.source, self.notes)

    def fail(self, message: str, offset: int | None = None):
        """Raise a `SceneError` at the node, or at character ``offset`` of its value (just past
        the value's last character for ``len(value)``), wherever that character stands in the text."""
        raise SceneError(message, self.path, *self.where(offset))

    def warn(self, message: str, offset: int | None = None) -> None:
        """Note a `SceneWarning` at the node, or at character ``offset`` of its value, as `fail` places an error.

        >>> f = compose("a:\\n  b: '12m 34p'").mapping(("a",))["a"].mapping(("b",))["b"]
        >>> f.warn("read as a meld", 4); [str(w) for w in f.notes]
        ['2:11: a.b: read as a meld']
        """
        self.notes.append(SceneWarning(message, self.path, *self.where(offset)))

    def where(self, offset: int | None = None) -> tuple[int, int]:
        """The 1-based line and column of the node, or of character ``offset`` of its value."""
        mark = self.node.start_mark
        line, col = mark.line + 1, mark.column + 1
        offsets = value_offsets(self.source, self.node) if offset is not None and self.source else None
        if offsets is not None and offset < len(offsets):
            line, col = mark_of(self.source, self.node, offsets[offset])
        elif offsets:  # past the end: just after the last character (before a block's final break)
            last = len(offsets) - 1
            while last > 0 and self.node.value[last] in "\n\u2028\u2029":
                last -= 1
            line, col = mark_of(self.source, self.node, offsets[last])
            col += 1
        elif offset is not None:  # no text to walk: past the opening quote, on its first line
            col += offset + (1 if self.node.style in ("'", '"') else 0)
        return line, col

    @property
    def empty(self) -> bool:
        """A value that says nothing: ``""``, ``null``, ``~`` or no value at all."""
        node = self.node
        return isinstance(node, yaml.ScalarNode) and (node.tag.endswith(":null") or not node.value.strip())

    def mapping(self, keys: tuple[str, ...], required: tuple[str, ...] = (), keep_empty: bool = False
                ) -> dict[str, Field]:
        """The fields of a mapping by name. An optional field left empty (``melds: ""``, what a
        program writing YAML emits for none) is left out, as if not written, unless ``keep_empty``.

        >>> sorted(compose('a: {b: "", c: ~, d: 1}').mapping(("a",))["a"].mapping(("b", "c", "d")))
        ['d']
        """
        if not isinstance(self.node, yaml.MappingNode):
            self.fail(f"{self.path or 'a scene'} must be a mapping of {', '.join(keys)}")
        out: dict[str, Field] = {}
        seen: set = set()
        for k, v in self.node.value:
            name = k.value if isinstance(k, yaml.ScalarNode) else None
            field = self.child(k, f"{self.path}.{name}" if self.path else str(name))
            if name not in keys:
                field.fail(f"unknown field {name!r}; expected one of {', '.join(keys)}")
            if name in seen:
                field.fail(f"{name!r} is given twice")
            seen.add(name)
            value = self.child(v, field.path)
            if keep_empty or name in required or not value.empty:
                out[name] = value
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
        return [self.child(n, f"{self.path}[{i}]") for i, n in enumerate(self.node.value)]

    def tiles(self, read):
        """Tile text read by `read`; its errors point at the bad character, named once (the field's path
        names ``dora`` already: ``problem.dora: '３' is not part of ...``, not ``problem.dora: dora: ...``).

        >>> from service.notation.dora import read_indicators
        >>> compose("dora: ３m").mapping(("dora",))["dora"].tiles(read_indicators)
        Traceback (most recent call last):
        ...
        service.notation.fields.SceneError: 1:7: dora: '３' is not part of the tile notation
        """
        text = self.text()
        try:
            return read(text)
        except (ParseError, IndicatorError) as err:
            name = self.path.rsplit(".", 1)[-1]
            self.fail(err.message.removeprefix(f"{name}: "), err.position)


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing collections nested deeper than `MAX_DEPTH` before its
    recursive composer gets there (a thousand ``[`` would overflow Python's stack)."""

    depth = 0

    def compose_node(self, parent, index):
        if self.depth >= MAX_DEPTH and self.check_event(yaml.CollectionStartEvent):
            mark = self.peek_event().start_mark
            raise SceneError(f"nested too deeply: a scene has at most {MAX_DEPTH} levels of lists and mappings",
                             "", mark.line + 1, mark.column + 1)
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def compose(text: str) -> Field:
    """The YAML text's root node; every YAML error is a `SceneError` at its line:col.

    >>> compose("problem: \\x07".encode().decode("unicode_escape"))
    Traceback (most recent call last):
    ...
    service.notation.fields.SceneError: 1:10: not valid YAML: #x0007 is a character YAML does not allow
    >>> compose("[" * 100)
    Traceback (most recent call last):
    ...
    service.notation.fields.SceneError: 1:17: nested too deeply: a scene has at most 16 levels of lists and mappings
    """
    if len(text) > MAX_SCENE_CHARS:
        raise SceneError(f"a scene is at most {MAX_SCENE_CHARS} characters; this one is {len(text)}", "", 1, 1)
    loader = None
    try:
        loader = _Loader(text)
        root = loader.get_single_node()
    except SceneError:
        raise
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        raise SceneError(f"not valid YAML: {err.problem or err.context}", "",
                         mark.line + 1 if mark else 1, mark.column + 1 if mark else 1) from None
    except yaml.reader.ReaderError as err:  # a character YAML does not allow, at its place
        line, col = _line_col(text, err.position)
        what = f"#x{err.character:04x}" if isinstance(err.character, int) else repr(err.character)
        raise SceneError(f"not valid YAML: {what} is a character YAML does not allow", "", line, col) from None
    except (yaml.YAMLError, ValueError, OverflowError) as err:  # e.g. "\\U00110000": chr() refuses it
        at = loader.get_mark().index if loader is not None else 0
        what = f"\\U{text[at:at + 8]} is no character (the last is \\U0010FFFF)" if "chr()" in str(err) else err
        raise SceneError(f"not valid YAML: {what}", "", *_line_col(text, at)) from None
    finally:
        if loader is not None:
            loader.dispose()
    if root is None:
        raise SceneError("empty scene: write problem: ... or table: ...", "", 1, 1)
    return Field(root, "", text)


def _line_col(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of ``text[index]``, counted as PyYAML counts them.

    >>> _line_col("a\\r\\nb\\rc", 5)
    (3, 1)
    """
    line, col = 1, 1
    for i, ch in enumerate(text[:index]):
        if ch in "\n\x85\u2028\u2029" or (ch == "\r" and text[i + 1:i + 2] != "\n"):
            line, col = line + 1, 1
        elif ch != "\ufeff":
            col += 1
    return line, col


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
