"""Random legal rounds for the record readers' tests, written as mjai, tenhou.net/6 and mjlog.

A round plays draws, discards (tsumogiri, riichi), chi, pon, open, added and concealed kans (kan
dora: at once for a concealed kan, after the next discard for the others), chankan, tsumo, ron,
double ron, exhaustive draws and nine terminals. Tiles are ids 0-135 as in mjlog (16, 52, 88 the
red fives). `Round.snapshots` is our own replay: the table after every event, kept as the game
plays, independent of service.records.

Two kinds of game. `game(seed)`: every seat plays at random, and a win is a random seat's random
hand with a made-up score: its han, fu and points are not those of the hand, so its ``agrees`` means
nothing (these games test the replay). `game(seed, real=True)`: one seat of each round is dealt a
tenpai hand, keeps it (tsumogiri, riichi or not) and wins on the first tile that completes it that
it may take (a tsumo after its first draw; a ron once in riichi), never furiten; the others play at
random. That win is scored by the `mahjong` package alone (its HandCalculator, Tenhou's rules:
the winds, dora, ura dora after a riichi, red fives, riichi, double riichi, ippatsu, haitei and
houtei as the game tells them), and recorded so: every such win's ``agrees`` must be true.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from mahjong.agari import Agari
from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

SUIT = "mpsz"
RED = {16: "0m", 52: "0p", 88: "0s"}
HONOR_MJAI = "ESWNPFC"
RULES = OptionalRules(has_open_tanyao=True, has_aka_dora=True, kiriage=False)  # Tenhou's
# The mahjong package's yaku (by class name) as Tenhou writes them: its mjlog id and its Japanese name.
TENHOU_YAKU = {
    "Tsumo": (0, "門前清自摸和"), "Riichi": (1, "立直"), "Ippatsu": (2, "一発"), "Chankan": (3, "槍槓"),
    "Rinshan": (4, "嶺上開花"), "Haitei": (5, "海底摸月"), "Houtei": (6, "河底撈魚"), "Pinfu": (7, "平和"),
    "Tanyao": (8, "断幺九"), "Iipeiko": (9, "一盃口"), "SeatWindEast": (10, "自風 東"), "SeatWindSouth": (11, "自風 南"),
    "SeatWindWest": (12, "自風 西"), "SeatWindNorth": (13, "自風 北"), "RoundWindEast": (14, "場風 東"),
    "RoundWindSouth": (15, "場風 南"), "RoundWindWest": (16, "場風 西"), "RoundWindNorth": (17, "場風 北"),
    "Haku": (18, "役牌 白"), "Hatsu": (19, "役牌 發"), "Chun": (20, "役牌 中"), "DaburuRiichi": (21, "両立直"),
    "Chiitoitsu": (22, "七対子"), "Chantai": (23, "混全帯幺九"), "Ittsu": (24, "一気通貫"), "Sanshoku": (25, "三色同順"),
    "SanshokuDoukou": (26, "三色同刻"), "SanKantsu": (27, "三槓子"), "Toitoi": (28, "対々和"), "Sanankou": (29, "三暗刻"),
    "Shosangen": (30, "小三元"), "Honroto": (31, "混老頭"), "Ryanpeikou": (32, "二盃口"), "Junchan": (33, "純全帯幺九"),
    "Honitsu": (34, "混一色"), "Chinitsu": (35, "清一色"), "Daisangen": (39, "大三元"), "Suuankou": (40, "四暗刻"),
    "SuuankouTanki": (41, "四暗刻単騎"), "Tsuuiisou": (42, "字一色"), "Ryuuiisou": (43, "緑一色"),
    "Chinroutou": (44, "清老頭"), "ChuurenPoutou": (45, "九蓮宝燈"), "DaburuChuurenPoutou": (46, "純正九蓮宝燈"),
    "KokushiMusou": (47, "国士無双"), "DaburuKokushiMusou": (48, "国士無双１３面"), "DaiSuushii": (49, "大四喜"),
    "Shousuushii": (50, "小四喜"), "Suukantsu": (51, "四槓子"), "Dora": (52, "ドラ"), "UraDora": (53, "裏ドラ"),
    "AkaDora": (54, "赤ドラ"),
}


def tile(i: int) -> str:
    if i in RED:
        return RED[i]
    k = i // 4
    return f"{k % 9 + 1}{SUIT[k // 9]}"


def sort_key(t: str):
    d = int(t[0])
    return (SUIT.index(t[1]), 5 if d == 0 else d, 0 if d == 0 else 1)


def t6(i: int) -> int:
    if i in RED:
        return 51 + "mps".index(RED[i][1])
    k = i // 4
    return (k // 9 + 1) * 10 + k % 9 + 1


def mj(i: int) -> str:
    if i in RED:
        return "5" + RED[i][1] + "r"
    t = tile(i)
    return HONOR_MJAI[int(t[0]) - 1] if t[1] == "z" else t


@dataclass
class Round:
    kyoku: int
    honba: int
    sticks: int
    scores: list
    hands: list
    indicators: list  # dora indicator ids in the order revealed
    events: list = field(default_factory=list)  # (kind, seat, ...) with ids
    snapshots: list = field(default_factory=list)
    ura: list = field(default_factory=list)  # ura dora indicator ids, shown after a riichi win

    @property
    def dealer(self):
        return self.kyoku % 4


class Table:
    """One round in play: hands as ids, melds, rivers; `snap` records the table after each event."""

    def __init__(self, rng: random.Random, kyoku: int, honba: int, sticks: int, scores: list, real: bool = False):
        ids = list(range(136))
        rng.shuffle(ids)
        self.rng = rng
        self.winner = None  # real=True: the seat dealt a tenpai hand, who wins it for real
        if real:
            self.winner = rng.randrange(4)
            tenpai = tenpai_hand(rng, ids)
            rest = [i for i in ids if i not in tenpai]
            others = [rest[13 * k: 13 * k + 13] for k in range(3)]
            hands = others[:self.winner] + [tenpai] + others[self.winner:]
            ids = [i for h in hands for i in h] + rest[39:]
        self.hands = [sorted(ids[13 * s: 13 * s + 13]) for s in range(4)]
        self.dead = ids[-14:]
        self.live = ids[52:-14]
        self.kans = 0
        self.melds = [[], [], [], []]  # [kind, [ids], called id, source]
        self.rivers = [[], [], [], []]  # [tile, tsumogiri, riichi, called]
        self.riichi = [False] * 4
        self.mark_moves = [False] * 4
        self.unpaid = None
        self.scores = list(scores)
        self.sticks = sticks
        self.dora = [self.dead[0]]
        self.round = Round(kyoku, honba, sticks, list(scores), [list(h) for h in self.hands], [self.dead[0]])
        self.pending = 0
        self.first_draw = True  # the winner's: never a tile that completes its hand (no tenhou, no chiihou)
        if real and rng.random() < 0.3:  # its waits at the wall's end: a late win, haitei or houtei
            late = [i for i in self.live if self.completes(i)]
            self.live = [i for i in self.live if i not in late] + late
        self.calls = 0  # calls of the round so far, concealed kans too: they end ippatsu and double riichi
        self.ippatsu = False
        self.double = False
        self.chankan = False

    # the independent replay: what the table shows after each event
    def snap(self):
        self.round.snapshots.append({
            "hands": [sorted((tile(i) for i in h), key=sort_key) for h in self.hands],
            "melds": [sorted(tuple(sorted((tile(i) for i in m[1]), key=sort_key)) for m in ms) for ms in self.melds],
            "rivers": [[list(r) for r in rv] for rv in self.rivers],
            "scores": list(self.scores), "sticks": self.sticks,
            "dora": [tile(i) for i in self.dora], "wall": len(self.live)})

    def event(self, *ev):
        if self.unpaid is not None and ev[0] != "win":
            self.scores[self.unpaid] -= 1000
            self.sticks += 1
            self.round.events.append(("reach_paid", self.unpaid))
            self.unpaid = None
        self.round.events.append(ev)

    def reveal(self, count):
        for _ in range(count):
            i = self.dead[len(self.dora) * 1]  # indicators at 0, 1, 2, 3, 4
            self.dora.append(i)
            self.round.indicators.append(i)
            self.event("dora", i)
            self.snap()

    def draw(self, seat, rinshan=False):
        if seat == self.winner and self.first_draw and not rinshan:
            self.first_draw = False
            j = next((j for j, i in enumerate(self.live) if not self.completes(i)), 0)
            self.live[0], self.live[j] = self.live[j], self.live[0]
        i = self.dead[10 + self.kans - 1] if rinshan else self.live.pop(0)
        if rinshan:
            self.live.pop()  # the wall's last tile goes to the dead wall
        self.hands[seat].append(i)
        self.event("draw", seat, i)
        self.snap()
        return i

    def discard(self, seat, i, drawn, riichi=False):
        self.hands[seat].remove(i)
        sideways = riichi or self.mark_moves[seat]
        self.mark_moves[seat] = False
        self.rivers[seat].append([tile(i), i == drawn, sideways, False])
        self.event("discard", seat, i, i == drawn, riichi)
        if riichi:
            self.riichi[seat], self.unpaid = True, seat
        self.snap()
        self.reveal(self.pending)
        self.pending = 0

    def end(self, kind, *rest):
        self.event(kind, *rest)  # pays a riichi stick still due, unless a win takes the riichi tile
        deltas = rest[-1] if kind != "win" else [sum(w[-1][s] for w in rest[0]) for s in range(4)]
        self.scores = [a + b for a, b in zip(self.scores, deltas)]
        if kind == "win":
            self.sticks = 0
        self.snap()

    def win(self, winners, source, i):
        """`winners` seats win on id `i` from `source` (a seat; itself for tsumo)."""
        out, sticks = [], self.sticks
        for n, w in enumerate(winners):
            han, fu = self.rng.choice([(1, 30), (2, 40), (3, 30), (4, 30)])
            points = {1: 1000, 2: 2600, 3: 3900, 4: 7700}[han]
            dealer = w == self.round.dealer
            if w == source:
                pay = self.rng.choice([(300, 500), (500, 1000), (1000, 2000)]) if not dealer else \
                    (self.rng.choice([500, 1000, 2000]),)
                points = pay[0] * 3 if dealer else pay[0] * 2 + pay[1]
            else:
                pay = None
            deltas = [0] * 4
            if w == source:
                for s in range(4):
                    if s != w:
                        part = pay[0] if dealer or s != self.round.dealer else pay[1]
                        deltas[s] -= part + 100 * self.round.honba
                        deltas[w] += part + 100 * self.round.honba
            else:
                deltas[source] -= points + 300 * self.round.honba
                deltas[w] += points + 300 * self.round.honba
            if n == 0:
                deltas[w] += 1000 * sticks
            yaku = [("Riichi", 1)] if self.riichi[w] else []
            if han - len(yaku):
                yaku.append(("Dora", han - len(yaku)))
            out.append((w, source, han, fu, points, pay, yaku, deltas))
        self.end("win", out, i)

    def concealed(self, seat):
        return all(m[0] == "ankan" for m in self.melds[seat])

    def completes(self, i) -> bool:
        """Whether tile id `i` completes the winner's hand (13 tiles in hand, or 14 with `i` drawn)."""
        hand = [j for j in self.hands[self.winner] if j != i] + [i]
        counts = [0] * 34
        for j in hand:
            counts[j // 4] += 1
        return len(hand) == 14 and Agari().is_agari(counts)

    def real_win(self, source, i):
        """The winner wins on id `i` from `source`: scored by the mahjong package, recorded as Tenhou would."""
        w, dealer = self.winner, self.round.dealer
        tsumo = w == source
        hand = [j for j in self.hands[w] if j != i] + [i]
        riichi = self.riichi[w]
        ura = [self.dead[5 + n] for n in range(len(self.dora))] if riichi else []
        config = HandConfig(is_tsumo=tsumo, is_riichi=riichi and not self.double, is_daburu_riichi=riichi and self.double,
                            is_ippatsu=self.ippatsu, is_chankan=self.chankan, is_haitei=tsumo and not self.live,
                            is_houtei=not tsumo and not self.live, player_wind=EAST + (w - dealer) % 4,
                            round_wind=EAST + self.round.kyoku // 4, options=RULES)
        got = HandCalculator().estimate_hand_value(hand, i, dora_indicators=list(self.dora),
                                                   ura_dora_indicators=ura or None, config=config)
        assert got.error is None, got.error
        cost = got.cost
        if tsumo:
            pay = (cost["main"],) if w == dealer else (cost["additional"], cost["main"])
        else:
            pay = None
        points = cost["total"]
        yaku = [(type(y).__name__, y.han_closed) for y in got.yaku]
        self.round.ura = ura
        return got.han, got.fu, points, pay, yaku

    def pay(self, w, source, points, pay, first):
        """The score changes of one win: honba to the winner, and the sticks to the `first` winner."""
        deltas = [0] * 4
        dealer = w == self.round.dealer
        if w == source:
            for s in range(4):
                if s != w:
                    part = pay[0] if dealer or s != self.round.dealer else pay[1]
                    deltas[s] -= part + 100 * self.round.honba
                    deltas[w] += part + 100 * self.round.honba
        else:
            deltas[source] -= points + 300 * self.round.honba
            deltas[w] += points + 300 * self.round.honba
        if first:
            deltas[w] += 1000 * self.sticks
        return deltas

    def win_real(self, source, i):
        han, fu, points, pay, yaku = self.real_win(source, i)
        deltas = self.pay(self.winner, source, points, pay, True)
        self.end("win", [(self.winner, source, han, fu, points, pay, yaku, deltas)], i)


def tenpai_hand(rng: random.Random, ids: list) -> list:
    """13 ids of `ids`: a complete hand (four sets and a pair, of ids still free) less one tile."""
    while True:
        free = {k: [i for i in ids if i // 4 == k] for k in range(34)}
        hand = []
        try:
            for n in range(5):
                pair = n == 4
                if not pair and rng.random() < 0.7:
                    k = rng.choice([k for k in range(27) if k % 9 <= 6 and all(free[k + d] for d in range(3))])
                    kinds = [k, k + 1, k + 2]
                else:
                    size = 2 if pair else 3
                    kinds = [rng.choice([k for k in range(34) if len(free[k]) >= size])] * size
                for k in kinds:
                    hand.append(free[k].pop(rng.randrange(len(free[k]))))
        except IndexError:  # no set left to take: deal again
            continue
        hand.remove(rng.choice(hand))
        return sorted(hand)


def play(rng: random.Random, kyoku: int, honba: int, sticks: int, scores: list, real: bool = False) -> Round:
    """Play one random legal round (`real`: one seat wins for real, if a tile comes that completes its hand)."""
    t = Table(rng, kyoku, honba, sticks, scores, real)
    w = t.winner
    t.snap()
    turn, drew, first = t.round.dealer, True, True
    drawn = t.draw(turn)
    while True:
        hand = t.hands[turn]
        if drew:
            kinds = {}
            for i in hand:
                kinds.setdefault(i // 4, []).append(i)
            if w is None and first and rng.random() < 0.04:
                t.end("abortive", "yao9", [0] * 4)
                return t.round
            first = False
            if w is None and len(t.live) < 60 and rng.random() < 0.04:
                t.win([turn], turn, drawn)
                return t.round
            if turn == w and drawn is not None and t.completes(drawn):  # tsumo
                t.win_real(turn, drawn)
                return t.round
            four = [k for k, v in kinds.items() if len(v) == 4]
            if four and turn != w and t.kans < 4 and t.live and not t.riichi[turn] and rng.random() < 0.6:
                ids = sorted(kinds[four[0]])
                for i in ids:
                    hand.remove(i)
                t.reveal(t.pending)
                t.pending = 0
                t.melds[turn].append(["ankan", ids, None, None])
                t.calls, t.ippatsu = t.calls + 1, False
                t.kans += 1
                t.event("ankan", turn, ids)
                t.snap()
                t.reveal(1)
                drawn = t.draw(turn, rinshan=True)
                continue
            added = [(m, i) for m in t.melds[turn] if m[0] == "pon" for i in hand if i // 4 == m[1][0] // 4]
            if added and t.kans < 4 and t.live and rng.random() < 0.6:
                m, i = added[0]
                hand.remove(i)
                t.reveal(t.pending)
                t.pending = 0
                pon_ids = list(m[1])
                m[0], m[1] = "kakan", sorted(m[1] + [i])
                m.append(i)
                t.event("kakan", turn, i, pon_ids, m[2], m[3])
                t.snap()
                robbers = [s for s in range(4) if s != turn]
                if w is not None and t.riichi[w] and t.completes(i):  # chankan, or furiten
                    t.chankan = True
                    t.win_real(turn, i)
                    return t.round
                t.calls, t.ippatsu = t.calls + 1, False
                if w is None and rng.random() < 0.3:
                    t.win([rng.choice(robbers)], turn, i)
                    return t.round
                t.kans += 1
                t.pending = 1
                drawn = t.draw(turn, rinshan=True)
                continue
        # a discard
        riichi = False
        if turn == w:  # the winner keeps its tenpai hand: riichi at some turn, or dama
            i = drawn
            if t.riichi[w]:
                t.ippatsu = False  # its next discard ends the ippatsu
            elif t.scores[w] >= 1000 and len(t.live) >= 4 and rng.random() < 0.4:
                riichi = True
                t.ippatsu, t.double = True, not t.rivers[w] and t.calls == 0
        elif t.riichi[turn] and drew:
            i = drawn
        else:
            i = rng.choice(hand)
            if drew and rng.random() < 0.3:
                i = drawn
            if drew and t.concealed(turn) and not t.riichi[turn] and t.scores[turn] >= 1000 and len(t.live) >= 4 \
                    and rng.random() < 0.1:
                riichi = True
        t.discard(turn, i, drawn if drew else None, riichi)
        others = [(turn + k) % 4 for k in (1, 2, 3)]
        if w is not None and turn != w and t.riichi[w] and t.completes(i):  # ron, or furiten
            t.win_real(turn, i)
            return t.round
        if w is None and rng.random() < 0.03:
            winners = [rng.choice(others)]
            if rng.random() < 0.4:
                winners.append(rng.choice([s for s in others if s != winners[0]]))
            t.win(sorted(winners, key=lambda s: (s - turn) % 4), turn, i)
            return t.round
        if not t.live:
            tenpai = [rng.random() < 0.5 for _ in range(4)]
            n = sum(tenpai)
            deltas = [0] * 4 if n in (0, 4) else [3000 // n if p else -3000 // (4 - n) for p in tenpai]
            t.end("ryukyoku", deltas)
            return t.round
        call = None
        for s in others:
            if t.riichi[s] or s == w:
                continue
            same = [j for j in t.hands[s] if j // 4 == i // 4]
            if len(same) == 3 and t.kans < 4 and rng.random() < 0.5:
                call = ("daiminkan", s, same)
            elif len(same) >= 2 and rng.random() < 0.3:
                call = ("pon", s, rng.sample(same, 2))
            if call:
                break
        nxt = (turn + 1) % 4
        if call is None and not t.riichi[nxt] and nxt != w and i // 4 < 27 and rng.random() < 0.4:
            k = i // 4
            for lo in (k - 2, k - 1, k):
                run = [lo, lo + 1, lo + 2]
                if lo < 0 or lo // 9 != k // 9 or (lo + 2) // 9 != k // 9:
                    continue
                own = []
                for r in run:
                    if r == k:
                        continue
                    have = [j for j in t.hands[nxt] if j // 4 == r]
                    if have:
                        own.append(have[0])
                if len(own) == 2:
                    call = ("chi", nxt, own)
                    break
        if call is None:
            turn, drew, first = nxt, True, False
            drawn = t.draw(turn)
            continue
        name, s, own = call
        for j in own:
            t.hands[s].remove(j)
        river = t.rivers[turn][-1]
        river[3] = True
        if river[2]:
            river[2] = False
            t.mark_moves[turn] = True
        t.melds[s].append([name, sorted(own + [i]), i, turn])
        t.calls, t.ippatsu = t.calls + 1, False
        t.event(name, s, i, own, turn)
        t.snap()
        turn, first = s, False
        if name == "daiminkan":
            t.kans += 1
            t.pending = 1
            drawn, drew = t.draw(s, rinshan=True), True
        else:
            drawn, drew = None, False


def game(seed: int, rounds: int = 4, real: bool = False) -> list:
    """`rounds` random rounds of one game, scores and sticks carried from round to round (`real`:
    each round's win a real one, scored by the mahjong package)."""
    rng = random.Random(seed)
    scores, sticks, out = [25000] * 4, 0, []
    for kyoku in range(rounds):
        r = play(rng, kyoku % 8, rng.randint(0, 2), sticks, scores, real)
        out.append(r)
        scores, sticks = r.snapshots[-1]["scores"], r.snapshots[-1]["sticks"]
    return out


# --- the writers ---------------------------------------------------------------------------

def _place(letter_place: int, own: list, called: str) -> str:
    parts = list(own)
    parts.insert(letter_place, called)
    return "".join(parts)


def to_tenhou6(rounds: list) -> str:
    log = []
    for r in rounds:
        draws, discards = [[] for _ in range(4)], [[] for _ in range(4)]
        result = None
        for ev in r.events:
            kind = ev[0]
            if kind == "draw":
                draws[ev[1]].append(t6(ev[2]))
            elif kind == "discard":
                _, s, i, tsumogiri, riichi = ev
                code = 60 if tsumogiri else t6(i)
                discards[s].append(f"r{code}" if riichi else code)
            elif kind in ("chi", "pon", "daiminkan"):
                _, s, i, own, src = ev
                d = (src - s) % 4
                own_codes = [str(t6(j)) for j in sorted(own)]
                letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[kind]
                place = 0 if kind == "chi" else ({3: 0, 2: 1, 1: 2} if kind == "pon" else {3: 0, 2: 1, 1: 3})[d]
                draws[s].append(_place(place, own_codes, f"{letter}{t6(i)}"))
                if kind == "daiminkan":
                    discards[s].append(0)
            elif kind == "kakan":
                _, s, i, pon_ids, called, src = ev
                d = (src - s) % 4
                own = [str(t6(j)) for j in sorted(pon_ids) if j != called]
                discards[s].append(_place({3: 0, 2: 1, 1: 2}[d], own, f"k{t6(i)}{t6(called)}"))
            elif kind == "ankan":
                _, s, ids = ev
                c = [str(t6(j)) for j in ids]
                discards[s].append("".join(c[:3]) + "a" + c[3])
            elif kind == "win":
                result = ["和了"]
                for w, src, han, fu, points, pay, yaku, deltas in ev[1]:
                    if pay is None:
                        text = f"{fu}符{han}飜{points}点"
                    elif len(pay) == 1:
                        text = f"{fu}符{han}飜{pay[0]}点∀"
                    else:
                        text = f"{fu}符{han}飜{pay[0]}-{pay[1]}点"
                    result += [deltas, [w, src, w, text] + [f"{TENHOU_YAKU[n][1]}({h}飜)" if h < 13 else
                                                            f"{TENHOU_YAKU[n][1]}(役満)" for n, h in yaku]]
            elif kind == "ryukyoku":
                result = ["流局", ev[1]]
            elif kind == "abortive":
                result = ["九種九牌"]
        entry = [[r.kyoku, r.honba, r.sticks], r.scores, [t6(i) for i in r.indicators], [t6(i) for i in r.ura]]
        for s in range(4):
            entry += [[t6(i) for i in r.hands[s]], draws[s], discards[s]]
        log.append(entry + [result])
    return json.dumps({"title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "test", "aka": 1},
                       "log": log}, ensure_ascii=False)


def _m_pon(kind_id: int, ids: list, called: int, rel: int, flag: int, unused: int) -> int:
    index = sorted(ids).index(called)
    return ((kind_id * 3 + index) << 9) | flag | ((unused % 4) << 5) | rel


def to_mjlog(rounds: list) -> str:
    out = ['<mjloggm ver="2.3"><SHUFFLE seed="" ref=""/><GO type="169" lobby="0"/>'
           '<UN n0="A" n1="B" n2="C" n3="D" dan="0,0,0,0" rate="1500,1500,1500,1500" sx="M,M,M,M"/><TAIKYOKU oya="0"/>']
    for r in rounds:
        hai = " ".join(f'hai{s}="{",".join(map(str, r.hands[s]))}"' for s in range(4))
        out.append(f'<INIT seed="{r.kyoku},{r.honba},{r.sticks},0,0,{r.indicators[0]}" '
                   f'ten="{",".join(str(x // 100) for x in r.scores)}" oya="{r.dealer}" {hai}/>')
        for ev in r.events:
            kind = ev[0]
            if kind == "draw":
                out.append(f"<{'TUVW'[ev[1]]}{ev[2]}/>")
            elif kind == "discard":
                _, s, i, _ts, riichi = ev
                if riichi:
                    out.append(f'<REACH who="{s}" step="1"/>')
                out.append(f"<{'DEFG'[s]}{i}/>")
            elif kind == "reach_paid":
                out.append(f'<REACH who="{ev[1]}" step="2"/>')
            elif kind == "dora":
                out.append(f'<DORA hai="{ev[1]}"/>')
            elif kind == "chi":
                _, s, i, own, src = ev
                ids = sorted(own + [i])
                base = ids[0] // 4
                t = (base // 9) * 7 + base % 9
                m = ((t * 3 + ids.index(i)) << 10) | 0x4 | 3
                for n, j in enumerate(ids):
                    m |= (j % 4) << (3 + 2 * n)
                out.append(f'<N who="{s}" m="{m}"/>')
            elif kind == "pon":
                _, s, i, own, src = ev
                ids = own + [i]
                unused = next(c for c in range(4) if (i // 4) * 4 + c not in ids)
                out.append(f'<N who="{s}" m="{_m_pon(i // 4, ids, i, (src - s) % 4, 0x8, unused)}"/>')
            elif kind == "kakan":
                _, s, i, pon_ids, called, src = ev
                out.append(f'<N who="{s}" m="{_m_pon(i // 4, pon_ids, called, (src - s) % 4, 0x10, i)}"/>')
            elif kind == "daiminkan":
                _, s, i, own, src = ev
                out.append(f'<N who="{s}" m="{(i << 8) | ((src - s) % 4)}"/>')
            elif kind == "ankan":
                _, s, ids = ev
                out.append(f'<N who="{s}" m="{ids[0] << 8}"/>')
            elif kind == "win":
                for w, src, han, fu, points, pay, yaku, deltas in ev[1]:
                    y = ",".join(f"{TENHOU_YAKU[n][0]},{h}" for n, h in yaku if h < 13)
                    yakuman = ",".join(str(TENHOU_YAKU[n][0]) for n, h in yaku if h >= 13)
                    sc = ",".join(f"0,{d // 100}" for d in deltas)
                    ura = f' doraHaiUra="{",".join(map(str, r.ura))}"' if r.ura else ""
                    out.append(f'<AGARI ba="{r.honba},{r.sticks}" hai="" machi="{ev[2]}" ten="{fu},{points},0" '
                               + (f'yaku="{y}" ' if y else "") + (f'yakuman="{yakuman}" ' if yakuman else "")
                               + f'doraHai=""{ura} who="{w}" fromWho="{src}" sc="{sc}"/>')
            elif kind == "ryukyoku":
                sc = ",".join(f"0,{d // 100}" for d in ev[1])
                out.append(f'<RYUUKYOKU ba="{r.honba},{r.sticks}" sc="{sc}"/>')
            elif kind == "abortive":
                out.append(f'<RYUUKYOKU type="yao9" ba="{r.honba},{r.sticks}" sc="0,0,0,0,0,0,0,0"/>')
    out.append("</mjloggm>")
    return "".join(out)


def to_mjai(rounds: list) -> str:
    lines = [{"type": "start_game", "names": ["A", "B", "C", "D"]}]
    for r in rounds:
        lines.append({"type": "start_kyoku", "bakaze": "ESWN"[r.kyoku // 4], "kyoku": r.kyoku % 4 + 1,
                      "honba": r.honba, "kyotaku": r.sticks, "oya": r.dealer, "dora_marker": mj(r.indicators[0]),
                      "scores": r.scores, "tehais": [[mj(i) for i in h] for h in r.hands]})
        for ev in r.events:
            kind = ev[0]
            if kind == "draw":
                lines.append({"type": "tsumo", "actor": ev[1], "pai": mj(ev[2])})
            elif kind == "discard":
                _, s, i, ts, riichi = ev
                if riichi:
                    lines.append({"type": "reach", "actor": s})
                lines.append({"type": "dahai", "actor": s, "pai": mj(i), "tsumogiri": ts})
            elif kind == "reach_paid":
                lines.append({"type": "reach_accepted", "actor": ev[1]})
            elif kind == "dora":
                lines.append({"type": "dora", "dora_marker": mj(ev[1])})
            elif kind in ("chi", "pon", "daiminkan"):
                _, s, i, own, src = ev
                lines.append({"type": kind, "actor": s, "target": src, "pai": mj(i), "consumed": [mj(j) for j in own]})
            elif kind == "kakan":
                _, s, i, pon_ids, called, src = ev
                lines.append({"type": "kakan", "actor": s, "pai": mj(i), "consumed": [mj(j) for j in pon_ids]})
            elif kind == "ankan":
                lines.append({"type": "ankan", "actor": ev[1], "consumed": [mj(j) for j in ev[2]]})
            elif kind == "win":
                for w, src, han, fu, points, pay, yaku, deltas in ev[1]:
                    lines.append({"type": "hora", "actor": w, "target": src, "pai": mj(ev[2]), "fan": han, "fu": fu,
                                  "hora_points": points, "yakus": [list(y) for y in yaku], "deltas": deltas,
                                  "uradora_markers": [mj(i) for i in r.ura]})
            elif kind == "ryukyoku":
                lines.append({"type": "ryukyoku", "reason": "fanpai", "deltas": ev[1]})
            elif kind == "abortive":
                lines.append({"type": "ryukyoku", "reason": "kyushukyuhai", "deltas": [0] * 4})
        lines.append({"type": "end_kyoku"})
    lines.append({"type": "end_game"})
    return "\n".join(json.dumps(x, ensure_ascii=False) for x in lines)
