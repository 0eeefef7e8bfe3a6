"""Scenes written in YAML: problem cards ("what would you discard?") and whole tables, checked field by field.

A scene is one YAML mapping with one key, ``problem`` or ``table`` (`service.notation.table`)::

    problem:
      round: E1        # E1-E4, S1-S4, W1-W4, N1-N4; honba: 2 optional
      seat: S          # the player's seat wind
      turn: 7          # optional
      dora: 3m         # the dora indicators (1-5 tiles)
      hand: 2345m067p34588s5z+4p   # the last + segment is the drawn tile
      answer: 5z       # optional: the tile to discard
      scores: [25000, 25000, 25000, 25000]   # optional, E S W N
      score: true      # optional, with answer: the answer's value under the card (or a mapping: {riichi: true})

Every mistake is a `SceneError` at its field: the field's path (``problem.hand``), and the
1-based line and column in the YAML text (for tile text, of the bad character itself).

>>> card = read_scene("problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}")
>>> card.drawn.code, card.answer.code, situation(card, "en")
('4p', '5z', 'East 1 · South seat · Turn 7')
>>> read_scene("problem: {round: E5, seat: S, dora: 3m, hand: 1m+2m}")
Traceback (most recent call last):
...
service.notation.fields.SceneError: 1:18: problem.round: round must be a wind and a hand number 1-4, like E1 or S3, not 'E5'
"""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from .dora import read_indicators
from .fields import SceneError  # noqa: F401  (this module's error: callers import it from here)
from .fields import WINDS, Field, SceneWarning, compose, read_round, read_score
from .grammar import ParseError, parse
from .model import Group, Hand, Tile
from .log_scene import LogMoment, read_log
from .misreads import misreads
from .table import TableScene, read_table

HAND_TILES = 14  # a problem is the moment after the draw: 14 tiles, a meld counting 3
MAX_TURN = 30  # more draws than a player ever gets (about 18 from a 70-tile live wall)
WORDS = {
    "en": {"winds": ("East", "South", "West", "North"), "round": "{wind} {n}", "honba": "{n} honba",
           "seat": "{wind} seat", "turn": "Turn {n}", "draw": "Draw", "sep": " · "},
    "ja": {"winds": ("東", "南", "西", "北"), "round": "{wind}{n}局", "honba": "{n}本場",
           "seat": "{wind}家", "turn": "{n}巡目", "draw": "ツモ", "sep": "・"},
    "zh": {"winds": ("东", "南", "西", "北"), "round": "{wind}{n}局", "honba": "{n}本场",
           "seat": "{wind}家", "turn": "第{n}巡", "draw": "摸牌", "sep": "・"},
}


CARD_OWN = ("round", "seat", "dora", "honba")  # the card's own fields give these to its score


@dataclass(frozen=True)
class ScoreField:
    """A problem card's ``score:``: the context options written under it (``riichi: true``), each with
    its 1-based line and column, and where the field itself stands (for its errors)."""

    options: tuple[tuple[str, str, int, int], ...]
    line: int
    col: int


@dataclass(frozen=True)
class ProblemCard:
    """A "what would you discard?" problem: the situation, the dora, the hand after the draw."""

    round: str  # "E1"
    honba: int
    seat: str  # "S"
    turn: int | None
    dora: tuple[Tile, ...]
    hand: Hand  # the concealed tiles (group "hand"), then the melds; without the drawn tile
    drawn: Tile
    answer: Tile | None
    answer_index: int | None  # which tile of the concealed hand is the answer; None: the drawn tile
    scores: tuple[int, ...] | None
    efficiency: bool = False  # ``answer: efficiency`` (or ``efficiency: true``): the acceptance table under the card
    score: ScoreField | None = None  # ``score: true`` or a mapping of context: the answer's value under the card
    warnings: tuple[SceneWarning, ...] = field(default=(), compare=False)  # drawn, but maybe not as meant

    @property
    def concealed(self) -> tuple[Tile, ...]:
        return self.hand.groups[0].tiles if self.hand.groups[0].kind == "hand" else ()

    @property
    def melds(self) -> tuple[Group, ...]:
        return tuple(g for g in self.hand.groups if g.kind == "meld")


def read_scene(text: str, logs: bool = False) -> ProblemCard | TableScene | LogMoment:
    """The scene in YAML `text` (a `ProblemCard` or a `TableScene`); `SceneError` at the field for any mistake.
    With `logs`, a ``log:`` scene is its `LogMoment` (a front end that reads files resolves it:
    `service.pictures.log_scenes`); without, it is an error at its ``log`` field.

    >>> read_scene("log: games/e2.json\\nround: 1\\nresult: true")
    Traceback (most recent call last):
    ...
    service.notation.fields.SceneError: 1:6: log: a log: scene reads a game record file, which cannot be read here (a request over HTTP has no files): give the moment's table: instead, or draw it with tiles build, tiles batch or the docs plugins
    """
    root = compose(text)
    if isinstance(root.node, yaml.MappingNode) and any(k.value == "log" for k, _ in root.node.value
                                                          if isinstance(k, yaml.ScalarNode)):
        moment = read_log(root)
        if not logs:
            moment.at("log").fail("a log: scene reads a game record file, which cannot be read here (a request "
                                  "over HTTP has no files): give the moment's table: instead, or draw it with "
                                  "tiles build, tiles batch or the docs plugins")
        return moment
    top = root.mapping(("problem", "table", "log"), keep_empty=True)
    if len(top) != 1:
        root.fail("a scene is one of problem:, table: or log:")
    if "table" in top:
        return read_table(top["table"])
    return read_problem(top["problem"])


def read_problem(f: Field) -> ProblemCard:
    fields = f.mapping(("round", "honba", "seat", "turn", "dora", "hand", "answer", "scores", "efficiency", "score"),
                       ("round", "seat", "dora", "hand"))
    rnd = read_round(fields["round"])
    seat = fields["seat"].text().upper()
    if seat not in WINDS:
        fields["seat"].fail(f"seat must be E, S, W or N, not {fields['seat'].text()!r}")
    honba = fields["honba"].number(0, 99) if "honba" in fields else 0
    turn = fields["turn"].number(1, MAX_TURN) if "turn" in fields else None
    dora = fields["dora"].tiles(read_indicators)
    hand, drawn = _hand_and_draw(fields["hand"])
    table = "answer" in fields and fields["answer"].text().strip().lower() == "efficiency"
    answer, index = _answer(fields["answer"], hand, drawn) if "answer" in fields and not table else (None, None)
    if "efficiency" in fields:
        word = fields["efficiency"].text().strip().lower()
        if word not in ("true", "false", "yes", "no"):
            fields["efficiency"].fail(f"efficiency is true or false, not {fields['efficiency'].text()[:20]!r}")
        table = table or word in ("true", "yes")
    scores = None
    if "scores" in fields:
        items = fields["scores"].items()
        if len(items) != 4:
            fields["scores"].fail(f"scores are four numbers, East South West North; {len(items)} given")
        scores = tuple(read_score(i) for i in items)
    score = _score(fields["score"]) if "score" in fields else None
    if score is not None and answer is None:
        fields["score"].fail("score shows the answer's value: give the answer too (answer: 5z)")
    return ProblemCard(rnd, honba, seat, turn, dora, hand, drawn, answer, index, scores, table, score, tuple(f.notes))


def _score(f: Field) -> ScoreField | None:
    """``score: true`` (no context beyond the card's), ``false``, or a mapping of score options
    (`service.scoring` checks their names and values: `service.scoring.scene_score`)."""
    mark = f.node.start_mark
    if isinstance(f.node, yaml.ScalarNode):
        word = f.text().strip().lower()
        if word not in ("true", "false", "yes", "no"):
            f.fail(f"score is true, false or a mapping of the score's options (riichi: true), not {f.text()[:20]!r}")
        return ScoreField((), mark.line + 1, mark.column + 1) if word in ("true", "yes") else None
    if not isinstance(f.node, yaml.MappingNode):
        f.fail("score is true, false or a mapping of the score's options, like {riichi: true, ura: 4p}")
    options = []
    for k, v in f.node.value:
        key = f.child(k, f"{f.path}.{k.value if isinstance(k, yaml.ScalarNode) else '?'}")
        name = key.text().strip().replace("-", "_")
        if name in CARD_OWN:
            key.fail(f"{name} is the card's own: write it as problem.{name}, and the score takes it from there")
        if any(name == seen for seen, *_ in options):
            key.fail(f"{name!r} is given twice")
        value = f.child(v, key.path)
        text = "on" if value.empty else value.text().strip()  # ``riichi:`` alone says on, as a bare tag prop
        options.append((name, text, v.start_mark.line + 1, v.start_mark.column + 1))
    return ScoreField(tuple(options), mark.line + 1, mark.column + 1)


def _hand_and_draw(f: Field) -> tuple[Hand, Tile]:
    """The hand without the drawn tile, and the drawn tile: the last segment that is no bonus group.
    Bonus tiles (``+1f``) are set aside: they are not part of the 14."""
    hand = f.tiles(parse)
    last = next((n for n in range(len(hand.groups) - 1, -1, -1) if hand.groups[n].kind != "bonus"), 0)
    drawn = hand.groups[last]
    if last == 0 or drawn.kind != "winning" or drawn.tiles[0].sideways:
        f.fail("the hand ends with the drawn tile as its own segment, like 2345m067p34588s5z+4p", len(f.text()))
    body = Hand(hand.groups[:last] + hand.groups[last + 1:], hand.warnings, hand.notation)
    count = sum(3 if g.kind == "meld" else sum(not t.bonus for t in g.tiles) for g in body.groups) + 1
    if count != HAND_TILES:
        f.fail(f"a problem hand holds {HAND_TILES} tiles with the drawn one (a meld counts 3, "
               f"bonus tiles are set aside); this one holds {count}")
    if any(t.face_down for t in body.groups[0].tiles) and body.groups[0].kind == "hand":
        f.fail("the player's own hand lies face up: no 'x' outside a concealed kan", f.text().lower().index("x"))
    for w in misreads(hand):  # a segment read as a meld that is none, as a tag's notation is warned of
        f.warn(w.message, w.position)
    return body, drawn.tiles[0]


def _answer(f: Field, hand: Hand, drawn: Tile) -> tuple[Tile, int | None]:
    """The answer tile, and which concealed tile it is (None: the drawn one); red fives match
    exactly when written ``0``, else any five, the plain one first."""
    (tile,) = f.tiles(lambda text: _one_tile(text)).tiles
    if tile.bonus:
        f.fail(f"{tile.code} is a bonus tile: set aside, never discarded; the answer is a tile the player can discard")
    concealed = hand.groups[0].tiles if hand.groups[0].kind == "hand" else ()
    for exact in (True, False):
        same = (lambda t: t.kind == tile.kind) if exact else tile.same_kind
        if same(drawn):
            return drawn, None
        for i, t in enumerate(concealed):
            if same(t):
                return t, i
    f.fail(f"{tile.code} is not in the hand: the answer is a tile the player can discard")
    raise AssertionError  # unreachable: fail raises


def _one_tile(text: str) -> Hand:
    hand = parse(text)
    if len(hand.tiles) != 1 or hand.tiles[0].face_down or hand.tiles[0].sideways:
        raise ParseError("the answer is one tile, like 5z", 0, text)
    return hand


def situation(card: ProblemCard, lang: str = "en") -> str:
    """"East 1 · South seat · Turn 7" (with honba after the round), in `lang`."""
    w = WORDS[lang]
    wind = w["winds"][WINDS.index(card.round[0])]
    parts = [w["round"].format(wind=wind, n=card.round[1])]
    if card.honba:
        parts.append(w["honba"].format(n=card.honba))
    parts.append(w["seat"].format(wind=w["winds"][WINDS.index(card.seat)]))
    if card.turn is not None:
        parts.append(w["turn"].format(n=card.turn))
    return w["sep"].join(parts)


def scores_line(card: ProblemCard, lang: str = "en") -> str:
    """"East 25000 · South 25000 · ..." or "" without scores."""
    if card.scores is None:
        return ""
    w = WORDS[lang]
    return w["sep"].join(f"{name} {s}" for name, s in zip(w["winds"], card.scores))
