"""The notation parser: every rule, every error, and round trips."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.notation.model import Tile
from service.notation.grammar import MAX_CHARS, MAX_TILES, ParseError, parse


def codes(notation):
    """Groups as (kind, "codes with marks") for compact expectations."""
    out = []
    for g in parse(notation).groups:
        words = []
        for t in g.tiles:
            words.append(("=" if t.stacked else "-" if t.sideways else "") + t.code)
        out.append((g.kind, " ".join(words)))
    return out


# Real notations from the seed docs, with the exact tiles each yields.
SEED_TABLE = {
    "1m": [("hand", "1m")],
    "123m456p789s11z": [("hand", "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z")],
    "r5p 0s 0m": [("hand", "0p"), ("meld", "0s"), ("winning", "0m")],
    "11222333s22456m+4s": [("hand", "1s 1s 2s 2s 2s 3s 3s 3s 2m 2m 4m 5m 6m"), ("winning", "4s")],
    "11222333s22m+-456m+4s": [
        ("hand", "1s 1s 2s 2s 2s 3s 3s 3s 2m 2m"),
        ("meld", "-4m 5m 6m"),
        ("winning", "4s"),
    ],
    "122334sr5677p+567p+7p": [
        ("hand", "1s 2s 2s 3s 3s 4s 0p 6p 7p 7p"),
        ("meld", "5p 6p 7p"),
        ("winning", "7p"),
    ],
    "2z+x11xs+x11xp+x11xm+2z": [
        ("hand", "2z"),
        ("meld", "x 1s 1s x"),
        ("meld", "x 1p 1p x"),
        ("meld", "x 1m 1m x"),
        ("winning", "2z"),
    ],
    "11222333s + 22m + 456m": [
        ("hand", "1s 1s 2s 2s 2s 3s 3s 3s"),
        ("meld", "2m 2m"),
        ("meld", "4m 5m 6m"),
    ],
    "1234567z": [("hand", "1z 2z 3z 4z 5z 6z 7z")],
    "123s123s456m": [("hand", "1s 2s 3s 1s 2s 3s 4m 5m 6m")],
    "6666666666666z+6z": [("hand", " ".join(["6z"] * 13)), ("winning", "6z")],
}


@pytest.mark.parametrize("notation", SEED_TABLE)
def test_seed_notations(notation):
    assert codes(notation) == SEED_TABLE[notation]


@pytest.mark.parametrize(
    "notation, expected",
    [
        ("0p", "0p"),
        ("r5p", "0p"),
        ("R5P", "0p"),
        ("0r5s", "0s 0s"),
        ("-456m", "-4m 5m 6m"),
        ("4-56m", "4m -5m 6m"),
        ("45-6m", "4m 5m -6m"),
        ("555-5p", "5p 5p 5p -5p"),
        ("5-5=55p", "5p -5p =5p 5p"),
        ("-r5p", "-0p"),
        ("xxxx", "x x x x"),
        ("X11XS", "x 1s 1s x"),
        ("1m2m3m", "1m 2m 3m"),
        ("1x2m", "1m x 2m"),
    ],
)
def test_single_segment_rules(notation, expected):
    [(kind, got)] = codes(notation)
    called_or_kan = "-" in notation or "=" in notation or notation.lower() == "x11xs"
    assert kind == ("meld" if called_or_kan else "hand") and got == expected


def test_digits_wait_for_a_later_segment_suit_and_stay_in_their_segment():
    assert codes("123+456m") == [("hand", "1m 2m 3m"), ("meld", "4m 5m 6m")]


def test_separators_mix_spaces_and_one_plus():
    assert parse("123m \t+  456p 7s") == parse("123m+456p+7s")


def test_last_segment_is_winning_only_when_single_face_up_tile():
    assert [g.kind for g in parse("123m+456p").groups] == ["hand", "meld"]
    assert [g.kind for g in parse("123m+x").groups] == ["hand", "meld"]
    assert [g.kind for g in parse("4p").groups] == ["hand"]
    assert [g.kind for g in parse("-4p").groups] == ["meld"]
    assert [g.kind for g in parse("123m+4p+5p").groups] == ["hand", "meld", "winning"]
    assert [g.kind for g in parse("123m+4p").groups] == ["hand", "winning"]
    ron = parse("123m+-4p").groups[-1]
    assert ron.kind == "winning" and ron.ron and not parse("123m+4p").groups[-1].ron


def test_every_reader_agrees_on_a_sideways_winning_tile():
    """Parser, alt text, JSON and analysis read ``+-4s`` the same way: won by ron on 4s."""
    from service.analysis import analyse
    from service.notation.views import hand_json

    hand = parse("11222333s22m+-456m+-4s")
    view = hand_json(hand, analysis=analyse(hand))
    assert [g["kind"] for g in view["groups"]] == ["hand", "meld", "winning"]
    assert view["description"].endswith("; winning tile (ron): 4s (sideways)")
    assert view["analysis"]["complete"] is True
    assert analyse(hand).waits == analyse(parse("11222333s22m+-456m+4s")).waits


def test_every_reader_agrees_that_a_lone_called_first_segment_is_a_meld():
    """``-456m`` or ``x11xs`` alone: parser, alt text, JSON and analysis all say meld."""
    from service.analysis import analyse
    from service.notation.views import hand_json

    for notation, label in (("-456m", "called meld"), ("x11xs", "concealed kan")):
        hand = parse(notation)
        view = hand_json(hand, analysis=analyse(hand))
        assert [g["kind"] for g in view["groups"]] == ["meld"]
        assert view["description"].startswith(f"{label}:")
        assert analyse(hand).warnings == ()  # read as a meld, not as a short hand


def test_leading_and_trailing_whitespace_ignored():
    assert parse("  123m  ") == parse("123m")


def test_tile_kind_is_the_engine_byte():
    t = parse("0p").groups[0].tiles[0]
    assert t.kind == 0x80 | 2 << 4 | 5
    assert t.number == 5 and t.suit == "p" and t.red and not t.face_down
    assert t.same_kind(Tile.from_code("5p"))
    assert not t.same_kind(Tile.from_code("5s"))
    assert parse("x").groups[0].tiles[0].face_down


def test_new_kinds_keep_every_old_byte():
    """Issue 25: bonus tiles are suit 5, joker and any-tile suit 6; old codes keep their bytes."""
    assert [Tile.from_code(c).kind for c in ("1m", "9p", "0s", "7z", "x")] == [0x11, 0x29, 0xB5, 0x47, 0]
    assert [Tile.from_code(c).kind for c in ("1f", "8f", "j", "?")] == [0x51, 0x58, 0x61, 0x62]
    tiles = parse("1234f5678f j ?").tiles
    assert [t.code for t in tiles] == ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f", "j", "?"]
    assert [t.suit for t in tiles[-2:]] == ["", ""] and not any(t.face_down for t in tiles)
    assert all(t.bonus for t in tiles[:8]) and not tiles[8].bonus


def test_where_bonus_tiles_jokers_and_any_tiles_stand():
    assert [g.kind for g in parse("123mj?+1234f+5f").groups] == ["hand", "bonus", "bonus"]
    assert [g.kind for g in parse("1f").groups] == ["bonus"]
    assert [t.code for t in parse("123mj?").tiles] == ["1m", "2m", "3m", "j", "?"]
    assert [g.kind for g in parse("11m1f+-j-55p+j").groups] == ["hand", "meld", "winning"]
    assert parse("-5p=j5p").tiles[1].stacked  # a joker may stand in an added kan
    assert parse("1mj2m?").canonical() == "1mj2m?"


def test_a_bonus_group_does_not_move_the_hand_or_the_winning_tile():
    """Flowers written first or after the winning tile leave the hand, melds and winning tile as they were."""
    assert [g.kind for g in parse("123m+4m+1f").groups] == ["hand", "winning", "bonus"]
    assert [g.kind for g in parse("1f+123m+4m").groups] == ["bonus", "hand", "winning"]
    assert [g.kind for g in parse("5f 123m+-456p+1f+4m").groups] == ["bonus", "hand", "meld", "bonus", "winning"]
    assert [g.kind for g in parse("1f+-456p").groups] == ["bonus", "meld"]


def test_a_set_has_one_of_each_bonus_tile():
    h = parse("123m1f+1f")
    assert [(w.message, w.position) for w in h.warnings] == [("more than one 1f; a set has one of each bonus tile", 7)]
    assert not parse("jjjjjjjj").warnings  # American sets hold eight jokers


def test_warnings_not_errors():
    h = parse("6666666666666z+6z")
    assert [w.message for w in h.warnings] == ["more than four copies of 6z; a set has four"]
    assert h.warnings[0].position == 4
    h = parse("0p0p")
    assert h.warnings[0].message.startswith("more than one red five of p")
    # a red five counts as a five: five copies, and one red five is no warning
    assert [w.message for w in parse("0p5555p").warnings] == ["more than four copies of 5p; a set has four"]


ERRORS = [
    ("123a", 3, "'a' is not a suit letter"),
    ("12", 0, "no suit letter"),
    ("1m 2", 3, "no suit letter"),
    ("123mm", 4, "has no digits before it"),
    ("m", 0, "has no digits before it"),
    ("rr5s", 1, "must be followed by 5"),
    ("r3p", 1, "must be followed by 5"),
    ("12r", 2, "must be followed by 5"),
    ("678z", 2, "no 8z"),
    ("9z", 0, "no 9z"),
    ("0z", 0, "honors have no red five"),
    ("r5z", 0, "honors have no red five"),
    ("", 0, "empty notation"),
    ("   ", 0, "empty notation"),
    ("123m++4s", 5, "empty segment"),
    ("123m + + 4s", 7, "empty segment"),
    ("+123m", 0, "empty segment"),
    ("123m+", 4, "empty segment"),
    (" +123m", 1, "empty segment"),
    ("-", 0, "'-' must come right before a tile"),
    ("123m-", 4, "'-' must come right before a tile"),
    ("-+123m", 0, "'-' must come right before a tile"),
    ("12-m", 2, "'-' must come right before a tile"),
    ("--5p", 1, "one mark per tile"),
    ("-x", 1, "face-down"),
    ("=5p", 0, "'=' stacks"),
    ("5=5p", 1, "'=' stacks"),
    ("-5=5=5p", 4, "'=' stacks"),
    ("-5+=5p", 3, "'=' stacks"),
    ("-5x=5p", 3, "'=' stacks"),
    ("-=5p", 1, "one mark per tile"),
    ("0+M", 2, "suit letter but no tiles"),
    ("1m#", 2, "'#' is not part of the tile notation"),
    ("1m\u4e00", 2, "not a suit letter"),
    ("\uff11m", 0, "not part of the tile notation"),
    # bonus tiles, jokers and any-tiles (issue 25)
    ("0f", 0, "bonus tiles go from 1f to 8f (flowers 1-4, seasons 5-8); there is no 0f"),
    ("12349f", 4, "there is no 9f"),
    ("r5f", 0, "bonus tiles have no red five"),
    ("123m+-1f", 5, "bonus tiles are never called"),
    ("1f-456m", 0, "never part of a meld: give them a group of their own, like +1f"),
    ("1m+x11fx", 4, "never part of a meld"),
    ("2j", 1, "'j' is a joker, one tile that takes no digits: end the digits with their suit letter first, like 12mj"),
    ("12?m", 2, "'?' is an any-tile, one tile that takes no digits"),
    ("r?", 1, "must be followed by 5"),
]


@pytest.mark.parametrize("notation, position, message", ERRORS)
def test_errors_name_problem_and_position(notation, position, message):
    with pytest.raises(ParseError) as e:
        parse(notation)
    assert message in e.value.message
    assert e.value.position == position
    assert e.value.notation == notation


def test_length_limit():
    parse("1m" * 64)
    with pytest.raises(ParseError, match="characters long") as e:
        parse("1" * (MAX_CHARS + 1))
    assert e.value.position == MAX_CHARS


def test_tile_limit():
    parse("1" * MAX_TILES + "m")
    with pytest.raises(ParseError, match="more than 64 tiles") as e:
        parse("1" * (MAX_TILES + 1) + "m")
    assert e.value.position == MAX_TILES


@pytest.mark.parametrize(
    "a, b",
    [("r5p", "0p"), ("1m2m3m", "123m"), ("123m 456p", "123m+456p"), ("R5P", "0p"), ("12+3m", "12m+3m")],
)
def test_spellings_share_one_canonical_form(a, b):
    assert parse(a).canonical() == parse(b).canonical()


def test_canonical_examples():
    assert parse("r5p 0s 0M").canonical() == "0p+0s+0m"
    assert parse("X11XS+5-5=55P").canonical() == "x11xs+5-5=55p"
    assert parse("1sx2m").canonical() == "1xs2m"


# -- properties ---------------------------------------------------------------

tile_word = st.one_of(
    st.tuples(st.sampled_from("123456789"), st.sampled_from("mps")).map("".join),
    st.tuples(st.sampled_from("1234567"), st.just("z")).map("".join),
    st.sampled_from(["0m", "0p", "0s", "x", "j", "?"]),
)


@st.composite
def segments(draw):
    tiles = draw(st.lists(tile_word, min_size=1, max_size=6))
    out = []
    prev_sideways = False
    for code in tiles:
        mark = ""
        if code not in "x?":
            mark = draw(st.sampled_from(["", "", "-", "=" if prev_sideways else ""]))
        prev_sideways = mark == "-"
        out.append(mark + code)
    return "".join(out)


bonus_segment = st.lists(st.sampled_from("12345678"), min_size=1, max_size=4).map(lambda d: "".join(d) + "f")
notations = st.lists(st.one_of(segments(), bonus_segment), min_size=1, max_size=6).flatmap(
    lambda segs: st.sampled_from(["+", " ", " + "]).map(lambda sep: sep.join(segs))
)


@given(notations)
@settings(max_examples=300)
def test_canonical_round_trip(notation):
    hand = parse(notation)
    again = parse(hand.canonical())
    assert again == hand
    assert again.canonical() == hand.canonical()


@given(st.text(alphabet="0123456789mpszfrxjMPSZFRXJ?+-= \t", max_size=40))
@settings(max_examples=500)
def test_grammar_alphabet_garbage_only_raises_parse_error(text):
    try:
        hand = parse(text)
    except ParseError as e:
        assert 0 <= e.position <= len(text)
    else:
        assert parse(hand.canonical()) == hand


@given(st.text(max_size=300))
@settings(max_examples=300)
def test_any_text_only_raises_parse_error(text):
    try:
        parse(text)
    except ParseError as e:
        assert 0 <= e.position <= max(len(text), 1)
