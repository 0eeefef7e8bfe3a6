"""Hostile calls of every function of the compiled fit (`service.drawing._fit`), made in a
subprocess by tests/test_fit_kernels.py, so that a crash fails a test instead of pytest.

``python -m tests.fit_hostile NAME`` makes a well-formed call of NAME, then each of its
variants (`variants`): sizes negative, huge or past the buffers; buffers of another type,
byte order, short, misaligned, not contiguous, read-only where written, overlapping an
output; values past what the kernels take (channels 0-255, weights >= 0, indices below
their bound). Before each call it prints ``call<TAB>label``, after it ``done<TAB>label<TAB>
must<TAB>outcome`` (must: 1 where the call has to be refused; outcome: "returned" or the
exception's type); at the end the well-formed call again, which must return what it did.

>>> [(label, must) for label, _, must in variants("distinct") if label.startswith("arg2")][::2]
[('arg2=-1', True), ('arg2=2305843009213693952', True), ('arg2=2**64', True)]
"""

from __future__ import annotations

import sys

import numpy as np

I64, U32, U8, FLAG = np.int64, np.uint32, np.uint8, np.bool_
WRONG_TYPES = {I64: [np.float64, np.uint64, np.int32, np.dtype(">i8")], U32: [np.int32, np.float32, np.uint64],
               U8: [np.int8, np.bool_], FLAG: [np.uint8]}
HUGE = [2**61, 2**63 - 1]


def arguments(name: str):
    """A well-formed call of `name`: its arguments and, for each, (kind, dtype, values) with
    kind "in" / "out" (buffers), "size" (True: too large is always refused), "rounds" or
    "other"; values: "channels", "weights", "index" (below the call's k) or None."""
    rng = np.random.default_rng(7)
    n, k = 40, 6
    pts = rng.integers(0, 256, (n, 4)).astype(I64)
    counts = rng.integers(1, 100, n).astype(I64)
    centres = pts[::7][:k].copy()
    seen = np.ones(n, FLAG)
    seen[::5] = False
    nv = int(seen.sum())
    keys = rng.integers(0, 2**32, n, dtype=np.uint64).astype(U32)
    ch, w, ix = "channels", "weights", "index"
    calls = {
        "nearest": [(pts, "in", I64, ch), (centres, "in", I64, ch), (np.zeros(n, I64), "in", I64, ix),
                    (np.empty(n, I64), "out", I64, None), (n, "size", True, None), (k, "size", True, None),
                    (True, "other", None, None)],
        "spread": [(pts, "in", I64, ch), (counts, "in", I64, w), (np.empty(k, I64), "out", I64, None),
                   (np.empty(n, I64), "out", I64, None), (n, "size", True, None), (k, "size", False, None)],
        "errors": [(pts, "in", I64, ch), (counts, "in", I64, w), (centres, "in", I64, ch),
                   (np.zeros(n, I64), "in", I64, ix), (np.empty(256, I64), "out", I64, None), (n, "size", True, None),
                   (k, "size", True, None)],
        "rounds": [(pts, "in", I64, ch), (counts, "in", I64, w), (centres.copy(), "out", I64, ch),
                   (np.zeros(n, I64), "out", I64, ix), (n, "size", True, None), (k, "size", True, None),
                   (True, "other", None, None), (2, "rounds", None, None), (1, "rounds", None, None)],
        "distinct": [(pts, "in", I64, ch), (np.empty((n, 4), I64), "out", I64, None), (n, "size", True, None)],
        "entries_of": [(centres, "in", I64, ch), (np.empty((k + 1, 4), U8), "out", U8, None),
                       (np.empty((k + 1, 4), I64), "out", I64, None), (k, "size", True, None)],
        "mapped": [(pts, "in", I64, ch), (counts, "in", I64, w), (seen, "in", FLAG, None), (centres, "in", I64, ch),
                   (np.empty(n, I64), "out", I64, None), (np.empty(k, FLAG), "out", FLAG, None),
                   (np.empty(256, I64), "out", I64, None), (n, "size", True, None), (k, "size", True, None)],
        "gathered": [(keys, "in", U32, None), (keys.view(U8).reshape(n, 4), "in", U8, None), (counts, "in", I64, w),
                     (np.empty((n, 4), U8), "out", U8, None), (np.empty(n, I64), "out", I64, None),
                     (np.empty((n, 4), I64), "out", I64, None), (np.empty(n, I64), "out", I64, None),
                     (n, "size", True, None)],
        "fitted": [(pts, "in", I64, ch), (counts, "in", I64, w), (seen, "in", FLAG, None), (pts[seen], "in", I64, ch),
                   (counts[seen], "in", I64, w), (pts[seen][:k].copy(), "in", I64, ch),
                   (np.empty((k + 1, 4), U8), "out", U8, None), (np.empty(n, I64), "out", I64, None),
                   (np.empty(256, I64), "out", I64, None), (n, "size", True, None), (nv, "size", True, None),
                   (k, "size", False, None), (k, "size", True, None), (100.0, "other", None, None),
                   (2, "rounds", None, None), (1, "rounds", None, None)],
    }
    return calls[name], k


def misaligned(a: np.ndarray) -> memoryview:
    """The values of `a` in a buffer one byte past an aligned one (memoryview casts allow it)."""
    raw = bytearray(a.nbytes + 8)
    view = memoryview(raw)[1:1 + a.nbytes]
    view[:] = a.tobytes()
    return view.cast(a.dtype.char)


def variants(name: str):
    """(label, arguments, must be refused) for each hostile call of `name`."""
    spec, k = arguments(name)
    good = [a for a, *_ in spec]

    def swap(i, value):
        args = list(good)
        args[i] = value
        return args

    for i, (a, kind, dtype, values) in enumerate(spec):
        if kind == "size":  # dtype: whether too large is always refused
            for v in (-1, -2**63):
                yield f"arg{i}={v}", swap(i, v), True
            for v in HUGE:
                yield f"arg{i}={v}", swap(i, v), dtype
            yield f"arg{i}=2**64", swap(i, 2**64), True
            yield f"arg{i}={a + 1}", swap(i, a + 1), False
        elif kind == "rounds":
            for v in (-1, 2**62):
                yield f"arg{i}={v}", swap(i, v), True
        elif kind == "other" and isinstance(a, float):
            for v in (float("nan"), float("inf"), -float("inf")):
                yield f"arg{i}={v}", swap(i, v), False
        if kind not in ("in", "out"):
            continue
        yield f"arg{i}: None", swap(i, None), True
        yield f"arg{i}: a bytes object", swap(i, b"\0" * a.nbytes), dtype != U8 or kind == "out"
        for wrong in WRONG_TYPES[dtype]:
            yield f"arg{i}: {np.dtype(wrong).str}", swap(i, a.astype(wrong)), True
        if dtype == I64:
            yield f"arg{i}: longlong ('q')", swap(i, a.astype(np.longlong)), False
        yield f"arg{i}: a row short", swap(i, a.ravel()[:-1].copy()), True
        yield f"arg{i}: empty", swap(i, a.ravel()[:0].copy()), True
        yield f"arg{i}: not contiguous", swap(i, np.repeat(a.ravel(), 2)[::2]), True
        if a.dtype.itemsize > 1:
            yield f"arg{i}: misaligned", swap(i, misaligned(a)), True
        if kind == "out":
            frozen = a.copy()
            frozen.flags.writeable = False
            yield f"arg{i}: read-only", swap(i, frozen), True
            for j, (b, kind_b, dtype_b, _) in enumerate(spec):
                if j != i and kind_b in ("in", "out") and dtype_b == dtype:
                    # b's values, then this output, sharing one item
                    both = np.zeros(b.size + a.size - 1, a.dtype)
                    both[:b.size] = b.ravel()
                    args = swap(i, both[b.size - 1:].reshape(a.shape))
                    args[j] = both[:b.size].reshape(b.shape)
                    yield f"arg{i} overlaps arg{j}", args, True
        if values is not None:
            bad = {"channels": (256, -1, 2**62, -2**63), "weights": (-1, 2**62), "index": (k, -1, 2**62)}[values]
            for v in bad:
                hostile = a.copy()
                hostile.ravel()[-1] = v
                yield f"arg{i}: a value of {v}", swap(i, hostile), True
    yield "no arguments", [], True


def main(name: str) -> int:
    from service.drawing import _fit

    fn = getattr(_fit, name)

    def well_formed():  # what it returns and writes
        args = [a for a, *_ in arguments(name)[0]]
        return fn(*args), [a.tobytes() for a, (_, kind, *_) in zip(args, arguments(name)[0]) if kind == "out"]

    first = well_formed()
    for label, args, must in variants(name):
        print(f"call\t{label}", flush=True)
        try:
            fn(*args)
            outcome = "returned"
        except Exception as e:  # noqa: BLE001 - the exception's type is what is reported
            outcome = f"{type(e).__name__}: {e}"
        print(f"done\t{label}\t{int(bool(must))}\t{outcome}", flush=True)
    print(f"again\t{int(well_formed() == first)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
