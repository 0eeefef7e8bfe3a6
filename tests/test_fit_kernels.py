"""The compiled fit (issue 26): the same palettes, to the byte, as its numpy twins.

`palette.use_compiled` swaps the C kernels (`_fit.c`, through `fit_kernels`) in for the
fit's inner loops. Nothing may depend on which ran: a build split over processes, an
HTTP worker and a one-shot `tiles render` must all write the same file. Skipped where
the extension was not built (no C compiler), and failed so on CI (`tests.need.need`).
"""

import hashlib
import os
import subprocess
import sys

import numpy as np
import pytest

from service.drawing import fit_kernels, indexed, palette
from service.drawing.render import render
from service.notation.grammar import parse
from service.notation.options import RenderOptions
from tests.need import need
from tests.sample_hands import sample_hands


@pytest.fixture(autouse=True)
def compiled():
    """Skipped where the extension was not built, failed so on CI (`need`): it skipped there too."""
    need(fit_kernels.AVAILABLE, "the C extension (service/drawing/_fit.c) was not built: pip install -e . "
                                "with a C compiler and Python's headers")


RIVERS = ["123m*4p-5s*6z 789p1z*2z 3s"]


@pytest.fixture
def twins():
    """Run a function with the numpy twins, then compiled; restore what was on."""
    was = palette.compiled() is not None

    def both(fn):
        palette.use_compiled(False)
        plain = fn()
        assert palette.use_compiled(True)
        return plain, fn()

    yield both
    palette.use_compiled(was)


def points(seed: int, n: int, ties: bool = False) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    pts = rng.integers(0, 256, (n, 4))
    if ties:  # few distinct values: many equal distances
        pts = rng.integers(0, 4, (n, 4)) * 64
    pts[:, 3] = rng.choice([255, 128, 40], n)
    pts[:, :3] = pts[:, :3] * pts[:, 3:4] // 255  # premultiplied
    pts = np.unique(pts, axis=0).astype(np.int64)
    return pts, rng.integers(1, 500, len(pts)).astype(np.int64)


@pytest.mark.parametrize("seed,n,ties", [(1, 900, False), (2, 300, False), (3, 200, True), (4, 40, True)])
def test_the_kernels_pick_what_numpy_picks(twins, seed, n, ties):
    pts, counts = points(seed, n, ties)
    k = min(255, len(pts) - 1)
    (start_np, found_np), (start_nb, found_nb) = twins(lambda: palette.spread(pts, counts, k, owners=True))
    assert np.array_equal(start_np, start_nb)
    owner_np, owner_nb = twins(lambda: palette.nearest(pts, start_np))
    assert np.array_equal(owner_np, owner_nb)
    # the spread's own nearest picks are `nearest`'s, ties and all
    assert np.array_equal(found_np, owner_np) and np.array_equal(found_nb, owner_np)
    error = np.abs(pts - start_np[owner_np]).max(axis=1)
    assert np.array_equal(fit_kernels.errors(pts, counts, start_np, owner_np),
                          np.bincount(error, counts, minlength=256))
    # duplicated centres: a tie goes to the lower index in both
    doubled = np.concatenate([start_np[5:], start_np[:5], start_np[:5]])
    assert np.array_equal(*twins(lambda: palette.nearest(pts, doubled)))
    fit_np, fit_nb = twins(lambda: palette.fit(pts, counts, k // 2, palette.GIVE_UP * 100))
    assert np.array_equal(fit_np, fit_nb)


@pytest.mark.parametrize("seed,n,k", [(6, 900, 170), (7, 300, 255), (8, 120, 64), (9, 40, 255)])
def test_one_compiled_call_fits_and_maps_as_fit_then_mapped_do(seed, n, k):
    """`fit_kernels.fitted` (the fit, the give-up test and the mapping in one call) against
    `palette.fit` then `indexed._mapped` on numpy: the same entries, owners and errors;
    given up alike. Points with no alpha are mapped, not fitted, as a picture's are."""
    pts, counts = points(seed, n)
    pts[::7] = 0  # some transparent colours
    seen = pts[:, 3] > 0
    visible, weight = pts[seen], counts[seen]
    was = palette.compiled() is not None
    palette.use_compiled(False)  # `want` from the numpy twins
    try:
        start = palette.spread(visible, weight, min(k, len(visible)))
        wants = [indexed._mapped(pts, counts, seen, palette.fit(visible, weight, k, give_up, start))
                 for give_up in (palette.GIVE_UP * 100, 0.0)]
    finally:
        palette.use_compiled(was)
    for give_up, want in zip((palette.GIVE_UP * 100, 0.0), wants):
        given_up, *got = fit_kernels.fitted(pts, counts, seen, visible, weight, start, k, give_up,
                                            palette.L2_ROUNDS, palette.L1_ROUNDS)
        assert given_up == (want is None)
        if want is not None:
            for a, b in zip(want, got):
                assert np.array_equal(a, b) and a.dtype.kind == b.dtype.kind


def edge_colours(seed: int, n: int, bases: int) -> tuple[np.ndarray, np.ndarray]:
    """Straight colours along the edges between a few opaque base colours and the
    transparent background, as anti-aliased faces have them; the bases commonest."""
    rng = np.random.default_rng(seed)
    base = rng.integers(0, 256, (bases, 4))
    base[:, 3] = 255
    base[0] = 0
    t = rng.random((n, 1))
    mixed = np.rint(base[rng.integers(0, bases, n)] * t + base[rng.integers(0, bases, n)] * (1 - t))
    colours = np.unique(mixed.astype(np.uint8).view(np.uint32).ravel()).view(np.uint8).reshape(-1, 4)
    counts = rng.integers(1, 20, len(colours)).astype(np.int64)
    counts[:bases] += 5000
    return colours, counts


# one fit; a missed first guess, then more; 255 missing the bound; under 255 colours,
# then fewer; given up at the start
@pytest.mark.parametrize("seed,n,bases", [(19, 1200, 6), (14, 900, 10), (13, 1500, 8), (15, 200, 20), (17, 1500, 16)])
def test_a_whole_fit_is_the_same_compiled_or_not(twins, seed, n, bases):
    """`indexed._fit_colours` end to end, every path it takes, the same on numpy and compiled."""
    colours, counts = edge_colours(seed, n, bases)
    plain, compiled = twins(lambda: indexed._fit_colours(colours, counts))
    assert (plain is None) == (compiled is None)
    if plain is not None:
        for a, b in zip(plain, compiled):
            assert np.array_equal(a, b)


def faint_colours(seed: int, n: int, alphas: tuple[int, ...], opaque: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """`n` distinct straight colours at faint `alphas` (and `opaque` opaque ones): premultiplied,
    the faint ones fall on a few points, so a spread runs out of distinct points before 255."""
    rng = np.random.default_rng(seed)
    rgb = rng.choice(1 << 24, n + opaque, replace=False).astype(np.uint32)
    colours = np.stack([rgb & 255, (rgb >> 8) & 255, rgb >> 16, np.full(n + opaque, 255, np.uint32)], axis=1)
    colours[:n, 3] = rng.choice(alphas, n)
    colours = np.unique(colours.astype(np.uint8).view(np.uint32).ravel()).view(np.uint8).reshape(-1, 4)
    return colours, rng.integers(1, 50, len(colours)).astype(np.int64)


# issue 35: 300 colours at alpha 1 premultiply to 8 points; a few faint alphas, with and
# without opaque colours (the foreseen fit, then more, from a start of fewer than 255);
# faint colours past 255 points; nothing visible at all
FAINT = [(1, 300, (1,), 0), (2, 700, (1, 2, 3), 0), (3, 600, (1, 2), 200), (4, 900, (1, 2, 3, 4, 5, 6), 0),
         (5, 300, (0,), 0), (6, 300, (0, 1), 0), (7, 400, (1,), 1)]


@pytest.mark.parametrize("seed,n,alphas,opaque", FAINT)
def test_faint_colours_fit_the_same_compiled_or_not(twins, seed, n, alphas, opaque):
    """Past 255 visible colours that premultiply to fewer points the spread returns fewer
    than 255 starting centres; the compiled fit takes them as numpy does (issue 35: it
    wanted 255 and raised), the same entries, owners and errors, to the byte."""
    colours, counts = faint_colours(seed, n, alphas, opaque)
    plain, compiled = twins(lambda: indexed._fit_colours(colours, counts))
    assert (plain is None) == (compiled is None)
    if plain is not None:
        for a, b in zip(plain, compiled):
            assert np.array_equal(a, b) and a.dtype == b.dtype
    if alphas == (1,) and not opaque:
        assert len(plain[0]) == 9  # the transparent entry and the 8 points


@pytest.mark.parametrize("seed,n,alphas,opaque", FAINT)
def test_faint_pictures_are_the_same_bytes_compiled_or_not(twins, seed, n, alphas, opaque):
    """A drawn picture of such colours (`quantized_picture`, as a scene's is fitted): the
    same PNG bytes either way."""
    from PIL import Image

    from service.drawing.png import indexed_png

    colours, _ = faint_colours(seed, n, alphas, opaque)
    rng = np.random.default_rng(seed)
    px = np.concatenate([colours, colours[rng.integers(0, len(colours), 48 * 48 - len(colours))]])
    img = Image.fromarray(px.reshape(48, 48, 4), "RGBA")

    def png():
        picture = indexed.quantized_picture(img)
        return None if picture is None else indexed_png(picture.indices, picture.palette, picture.transparency)

    plain, compiled = twins(png)
    assert plain == compiled
    if alphas == (1,) and not opaque:
        assert plain is not None


def test_one_compiled_call_fits_from_a_start_of_fewer_than_k_rows():
    """`fit_kernels.fitted` from a spread that ran out of points: `start[:k]`, as `palette.fit`."""
    colours, counts = faint_colours(8, 500, (1, 2))
    pts = palette.premultiply(colours)
    start = palette.spread(pts, counts, 255)
    assert 8 < len(start) < 255 < len(pts)
    was = palette.compiled() is not None
    palette.use_compiled(False)
    try:
        wants = [indexed._mapped(pts, counts, np.ones(len(pts), bool), palette.fit(pts, counts, k, None, start))
                 for k in (255, len(start), 8)]
    finally:
        palette.use_compiled(was)
    for k, want in zip((255, len(start), 8), wants):
        given_up, *got = fit_kernels.fitted(pts, counts, np.ones(len(pts), bool), pts, counts, start, k,
                                            palette.GIVE_UP * 100, palette.L2_ROUNDS, palette.L1_ROUNDS)
        assert not given_up
        for a, b in zip(want, got):
            assert np.array_equal(a, b)


def test_a_hands_colours_are_gathered_as_numpy_gathers_them(twins):
    """`indexed._gathered`: the faces' keys (repeated across faces, as a hand's are) to
    distinct colours in the fit's order, summed weights, premultiplied points and each
    key's place, the same compiled or not."""
    colours, _ = edge_colours(21, 600, 9)
    keys = colours.view(np.uint32).ravel()
    rng = np.random.default_rng(21)
    keys = np.concatenate([keys, rng.choice(keys, 300), keys[:50]])
    weights = rng.integers(1, 1000, len(keys)).astype(np.int64)
    plain, compiled = twins(lambda: indexed._gathered(keys, weights))
    for a, b in zip(plain, compiled):
        assert np.array_equal(a, b) and a.dtype == b.dtype
    ordered, counts, pts, where = plain
    assert len(ordered) == len(np.unique(keys)) and counts.sum() == weights.sum()
    assert np.array_equal(ordered[where].view(np.uint32).ravel(), keys)
    sums = pts.sum(axis=1)
    assert np.all(np.diff(sums) >= 0)


def test_entries_sort_as_the_numpy_lexsort_does():
    """Straight entries from premultiplied centres: partly transparent first, then by sum,
    r, g, b; equal keys keep their order (stable), as `np.lexsort` keeps it."""
    rng = np.random.default_rng(11)
    centres = rng.integers(0, 4, (200, 4)) * 60
    centres[:, 3] = rng.choice([255, 255, 120, 0], 200)
    centres[:, :3] = centres[:, :3] * centres[:, 3:4] // 255
    entries, pm = fit_kernels.entries_of(centres.astype(np.int64))
    straight = palette.unpremultiply(centres)
    r, g, b, a = (straight[:, ch].astype(np.int64) for ch in range(4))
    want = np.concatenate([np.zeros((1, 4), np.uint8), straight[np.lexsort((b, g, r, r + g + b, a == 255))]])
    assert np.array_equal(entries, want) and np.array_equal(pm, palette.premultiply(want))
    assert np.array_equal(fit_kernels.distinct(centres.astype(np.int64)), palette.distinct(centres))


def test_a_fit_that_moves_no_centre_is_the_same(twins):
    pts, counts = points(5, 50)
    assert np.array_equal(*twins(lambda: palette.rounds(pts, counts, pts[:10].copy(), l2=1, l1=1)))


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_pictures_are_the_same_bytes_compiled_or_not(twins, scale):
    opts = RenderOptions(scale=scale)
    subjects = [parse(n) for n in sample_hands(12)]

    def rendered() -> str:
        indexed.clear_cache(tables=False)  # every palette fitted again
        digest = hashlib.sha256()
        for hand in subjects:
            digest.update(render(hand, opts))
        return digest.hexdigest()

    plain, compiled = twins(rendered)
    assert plain == compiled


def test_rivers_and_dark_pictures_are_the_same_bytes_too(twins):
    from service.notation.subject import read

    opts = RenderOptions(scale=2, theme="dark")

    def rendered() -> list[bytes]:
        indexed.clear_cache(tables=False)
        return [render(read(text, "river"), opts) for text in RIVERS] + [render(parse("1z2z3z4z5z6z7z"), opts)]

    plain, compiled = twins(rendered)
    assert plain == compiled


def test_use_compiled_can_be_turned_off_and_on():
    was = palette.compiled() is not None
    try:
        assert palette.use_compiled(False) is False and palette.compiled() is None
        assert palette.use_compiled(True) is True and palette.compiled() is fit_kernels
    finally:
        palette.use_compiled(was)


def test_processes_fit_compiled_unless_told_not_to():
    """On by default wherever the extension was built (a build, the HTTP workers, a one-shot
    render); ``TILES_COMPILED_FIT=0`` keeps a process on numpy."""
    code = "from service.drawing import palette; print(palette.compiled() is not None)"
    for env, want in ((None, "True"), ("0", "False"), ("off", "False"), ("1", "True")):
        environ = {k: v for k, v in os.environ.items() if k != "TILES_COMPILED_FIT"}
        if env is not None:
            environ["TILES_COMPILED_FIT"] = env
        out = subprocess.run([sys.executable, "-c", code], env=environ, capture_output=True, text=True,
                             check=True, cwd=os.path.dirname(os.path.dirname(__file__)))
        assert out.stdout.strip() == want, env


def test_bad_arrays_are_refused_not_read_past():
    """The C side checks every buffer's size and every index it follows: a wrong call is a
    ValueError, never a read or write out of bounds."""
    pts, counts = points(31, 60)
    centres = pts[:5].copy()
    with pytest.raises(ValueError, match="owner"):
        fit_kernels.errors(pts, counts, centres, np.full(len(pts), 5))
    with pytest.raises(ValueError, match="guess"):
        fit_kernels.nearest(pts, centres, np.full(len(pts), -1))
    with pytest.raises(ValueError, match="counts"):
        fit_kernels.spread(pts, counts[:10], 4)
    with pytest.raises(ValueError, match="owner"):
        fit_kernels.rounds(pts, counts, centres, np.full(len(pts), 9), 1, 1)
    with pytest.raises(ValueError, match="no start"):
        fit_kernels.fitted(pts, counts, np.ones(len(pts), bool), pts, counts, centres[:0], 10, 1.0, 1, 1)
    with pytest.raises(ValueError, match="no centres"):
        fit_kernels.nearest(pts, centres[:0])
    with pytest.raises(ValueError, match="no centres"):
        fit_kernels.rounds(pts, counts, centres[:0].copy(), fit_kernels.NO_GUESS, 1, 1)
    with pytest.raises(ValueError, match="no entries"):
        fit_kernels.mapped(pts, counts, np.ones(len(pts), bool), centres[:0])
    assert fit_kernels.spread(pts[:0], counts[:0], 4)[0].tolist() == []
    assert fit_kernels.nearest(pts[:0], centres[:0]).tolist() == []


HOSTILE = ["nearest", "spread", "errors", "rounds", "distinct", "entries_of", "mapped", "gathered", "fitted"]


def test_every_compiled_function_is_called_hostile():
    from service.drawing import _fit

    assert sorted(name for name in dir(_fit) if not name.startswith("_")) == sorted(HOSTILE)


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_calls_are_refused_never_a_crash(name):
    """Issue 35: sizes negative, huge (n * itemsize overflowed: 2**61 passed the check and
    segfaulted) or past the buffers; buffers of another type or byte order, short,
    misaligned, not contiguous, read-only where written, overlapping an output; values past
    what the kernels take. Each call in a subprocess (tests/fit_hostile.py), where a crash
    is a failed test: each is refused with TypeError, ValueError or OverflowError, or (where
    it is well-formed after all) returns, and the well-formed call still returns the same."""
    run = subprocess.run([sys.executable, "-m", "tests.fit_hostile", name], capture_output=True, text=True,
                         timeout=120, cwd=os.path.dirname(os.path.dirname(__file__)))
    lines = [line.split("\t") for line in run.stdout.splitlines()]
    started = [line[1] for line in lines if line[0] == "call"]
    assert run.returncode == 0, f"crashed ({run.returncode}) in {started[-1] if started else '-'!r}: {run.stderr[-2000:]}"
    done = [line[1:] for line in lines if line[0] == "done"]
    assert len(done) == len(started) > 30
    refused = ("TypeError:", "ValueError:", "OverflowError:")
    wrong = [(label, outcome) for label, must, outcome in done if must == "1" and not outcome.startswith(refused)]
    assert not wrong
    assert [line for line in lines if line[0] == "again"] == [["again", "1"]]


def test_the_issues_overflowing_call_is_refused():
    """`_fit.nearest(b"", centres, b"", bytearray(0), 2**61, 1, False)` segfaulted: 4 * 2**61
    * 8 wrapped past zero and passed the size check."""
    code = ("import numpy as np\nfrom service.drawing import _fit\n"
            "try:\n    _fit.nearest(b'', np.zeros((1, 4), np.int64), b'', bytearray(0), 2**61, 1, False)\n"
            "except (TypeError, ValueError) as e:\n    print(type(e).__name__, e)\n"
            "e = np.empty(0, np.int64)\n"
            "try:\n    _fit.nearest(e, np.zeros((1, 4), np.int64), e, e.copy(), 2**61, 1, False)\n"
            "except ValueError as e:\n    print(type(e).__name__, e)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=os.path.dirname(os.path.dirname(__file__)))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["TypeError points: needs int64 items, got format 'B' (1 bytes an item)",
                                       "ValueError points: 0 bytes hold 0 rows of 4, need 2305843009213693952"]


def test_the_app_fits_compiled_unless_its_config_says_no(client):
    """``COMPILED_FIT`` (``TILES_COMPILED_FIT``) 0 turns the C kernels off for the app's
    process; /healthz says which runs."""
    from service.http import create_app

    try:
        assert client.get("/healthz").get_json()["compiled_fit"] is True
        off = create_app({"COMPILED_FIT": 0}).test_client()
        assert off.get("/healthz").get_json()["compiled_fit"] is False
        assert palette.compiled() is None
    finally:
        palette.use_compiled(True)


def test_without_the_extension_everything_runs_on_numpy():
    """Installed where no C compiler was at hand (the extension is optional): the fit runs
    on numpy and draws the same picture."""
    code = ("import sys; sys.modules['service.drawing._fit'] = None\n"
            "from service.drawing import palette, fit_kernels\n"
            "from service.drawing.render import render\n"
            "from service.notation.grammar import parse\n"
            "from service.notation.options import RenderOptions\n"
            "assert not fit_kernels.AVAILABLE and palette.compiled() is None and not palette.use_compiled()\n"
            "sys.stdout.buffer.write(render(parse('13579m2468p1357s+7z'), RenderOptions(scale=2)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                         cwd=os.path.dirname(os.path.dirname(__file__)))
    indexed.clear_cache(tables=False)
    assert palette.compiled() is not None
    assert out.stdout == render(parse("13579m2468p1357s+7z"), RenderOptions(scale=2))


@pytest.mark.slow  # a pytest run of this module in a fresh process, each way: ~10 s on a loaded machine
@pytest.mark.parametrize("ci", ["true", ""])
def test_a_missing_extension_fails_this_module_on_ci(ci):
    """It skipped at import, on CI too: CI stayed green where the extension did not build."""
    hidden = ("import sys; sys.modules['service.drawing._fit'] = None\n"
              "import pytest\n"
              "sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '-k', 'kernels_pick or turned_off', sys.argv[1]]))")
    env = {**os.environ, "CI": ci}
    run = subprocess.run([sys.executable, "-c", hidden, __file__], capture_output=True, text=True, env=env,
                         timeout=300, cwd=os.path.dirname(os.path.dirname(__file__)))
    if ci:
        assert run.returncode == 1 and "this test must run on CI but cannot: the C extension" in run.stdout, run.stdout
    else:
        assert run.returncode == 0 and " skipped" in run.stdout and " passed" not in run.stdout, run.stdout
