// Size and alt text of a tile image, from the notation alone (no request).
// Mirrors service/notation/grammar.py (which notations are valid), service/drawing/layout.py
// (width/height) and service/notation/describe.py (alt text); tests/test_docs_tools.py
// runs this file under node and compares it with the Python side. Constants
// (limits, honor names, tile widths and gaps per height) come from
// tilesSpec.js, which Python generates: none is copied here.
import SPEC from "./tilesSpec.js";

export { SPEC };
const SUITS = SPEC.suits;
const HONORS = SPEC.honorNames;
const BONUS = SPEC.bonusSuit; // flowers and seasons, 1f-8f
const BONUS_NAMES = SPEC.bonusNames;
const SINGLE_NAMES = SPEC.singleNames; // x, j, ?: one tile each, no digits
export const MAX_CHARS = SPEC.maxChars;
export const MAX_TILES = SPEC.maxTiles;

/** Whether the service draws tiles this tall. heightOk(38) === true */
export function heightOk(height) {
  return Number.isInteger(height) && height >= SPEC.minHeight && height <= SPEC.maxHeight;
}

/**
 * The CSS height a tag asks for, from its props as MDX hands them over: Number() of
 * the value, so height={38.0} and height="38" are 38 (service/docs/tag_props.py reads
 * them the same way). tagHeight({inline: true}) === 24
 */
export function tagHeight({ height, inline } = {}) {
  return Number(height ?? (inline ? SPEC.inlineHeight : SPEC.defaultHeight));
}

/** CSS width of an upright tile (service/drawing/layout.py). tileWidth(38) === 28 */
export function tileWidth(height) {
  return SPEC.tileWidths[height - SPEC.minHeight];
}

/** CSS px between segments by default (service/drawing/layout.py default_gap). defaultGap(38) === 9 */
export function defaultGap(height) {
  return SPEC.gaps[height - SPEC.minHeight];
}

// Python's str.isspace(), which differs from JS \s (e.g. \x1c-\x1f, \ufeff).
const SPACES = new Set(
  "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005" +
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000",
);
export const isSpace = (c) => SPACES.has(c);

function strip(text) {
  let a = 0;
  let b = text.length;
  while (a < b && isSpace(text[a])) a++;
  while (b > a && isSpace(text[b - 1])) b--;
  return text.slice(a, b);
}

/**
 * Read a notation into groups of tiles, or return null when the service would
 * reject it. Each tile: {number (0 for a back, joker or any-tile), suit, red,
 * sideways, stacked, single ("x", "j" or "?" for those three, else "")}.
 * parseTiles("1m+-23p")[1].tiles[0].sideways === true
 */
export function parseTiles(text) {
  if (typeof text !== "string" || text.length > MAX_CHARS) return null;
  const body = strip(text);
  if (!body) return null;
  const segs = [[]];
  let pending = []; // digits waiting for a suit letter
  let mark = ""; // '-' or '=' waiting for its tile
  let red = false; // 'r' waiting for its 5
  let count = 0;
  const add = (tile) => {
    count += 1;
    segs[segs.length - 1].push(tile);
    return count <= MAX_TILES;
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    const lc = c.toLowerCase();
    if (c === "+" || isSpace(c)) {
      if (red || mark || !segs[segs.length - 1].length) return null;
      let plus = 0;
      while (i < body.length && (body[i] === "+" || isSpace(body[i]))) {
        if (body[i] === "+" && ++plus > 1) return null;
        i++;
      }
      i--;
      segs.push([]);
    } else if (c >= "0" && c <= "9") {
      const d = Number(c);
      if (red && d !== 5) return null;
      const tile = {
        number: d || 5, suit: "", red: red || d === 0, sideways: !!mark, stacked: mark === "=", single: "",
      };
      red = false;
      mark = "";
      pending.push(tile);
      if (!add(tile)) return null;
    } else if ((SUITS.includes(lc) || lc === BONUS) && c.length === 1 && /[a-z]/i.test(c)) {
      if (red || mark || !pending.length) return null;
      for (const t of pending) {
        if (lc === "z" && (t.red || t.number > 7)) return null;
        if (lc === BONUS && (t.red || t.number > 8 || t.sideways)) return null;
        t.suit = lc;
      }
      pending = [];
    } else if (lc === "r" && /[a-z]/i.test(c)) {
      if (red) return null;
      red = true;
    } else if (lc === "x" && /[a-z]/i.test(c)) {
      if (red || mark) return null;
      if (!add({ number: 0, suit: "", red: false, sideways: false, stacked: false, single: "x" })) return null;
    } else if ((lc === "j" && /[a-z]/i.test(c)) || c === "?") {
      if (red || pending.length) return null;
      if (!add({ number: 0, suit: "", red: false, sideways: !!mark, stacked: mark === "=", single: lc })) return null;
      mark = "";
    } else if (c === "-" || c === "=") {
      if (red || mark) return null;
      if (c === "=") {
        const seg = segs[segs.length - 1];
        const prev = seg[seg.length - 1];
        if (!prev || !prev.sideways || prev.stacked) return null;
      }
      mark = c;
    } else {
      return null;
    }
  }
  if (red || mark || pending.length || !segs[segs.length - 1].length) return null;
  // bonus groups stand apart: the hand, melds and winning tile are counted without them
  const others = segs.filter((tiles) => !tiles.every(isBonus));
  const groups = segs.map((tiles) => ({ kind: groupKind(tiles, others.indexOf(tiles), others.length), tiles }));
  // bonus tiles are never part of a meld
  if (groups.some((g) => g.kind === "meld" && g.tiles.some(isBonus))) return null;
  return groups;
}

const isBonus = (t) => t.suit === BONUS;
const isBack = (t) => t.single === "x";

// Group.of_segment: bonus tiles alone are the bonus group; a first segment that
// is itself a meld (a called tile, or a concealed kan) is a meld; the last lone
// face-up tile is the winning tile.
function groupKind(tiles, n, total) {
  if (tiles.every(isBonus)) return "bonus";
  if (n === 0) return tiles.some((x) => x.sideways) || concealedKan(tiles) ? "meld" : "hand";
  const t = tiles[0];
  if (n === total - 1 && tiles.length === 1 && !isBack(t)) return "winning"; // Group.of_segment
  return "meld";
}

function concealedKan(t) {
  const sameKind = (a, b) => a.number === b.number && a.suit === b.suit && a.single === b.single;
  return t.length === 4 && isBack(t[0]) && isBack(t[3]) && !isBack(t[1]) && sameKind(t[1], t[2]);
}

/**
 * Width and height in CSS px of the image, as service/drawing/layout.py places it.
 * measure(parseTiles("123m+-456p"), 40) -> {width: 200, height: 40}
 */
export function measure(groups, height = SPEC.defaultHeight, gap = null) {
  const tw = tileWidth(height);
  const g = gap == null ? defaultGap(height) : gap;
  const stacked = groups.some((grp) => grp.tiles.some((t) => t.stacked));
  let x = 0;
  groups.forEach((grp, n) => {
    if (n) x += g;
    for (const t of grp.tiles) {
      if (t.stacked) continue; // lies on the sideways tile before it
      x += t.sideways ? height : tw;
    }
  });
  return { width: x, height: stacked ? Math.max(height, 2 * tw) : height };
}

/** Plain English, as Tile.name in service/notation/model.py: "5p (red)", "East", "face-down tile", "plum", "joker". */
export function tileName(t) {
  if (t.single) return SINGLE_NAMES[t.single];
  if (t.suit === "z") return HONORS[t.number - 1];
  if (isBonus(t)) return BONUS_NAMES[t.number - 1];
  return `${t.number}${t.suit}` + (t.red ? " (red)" : "");
}

function tileWord(t) {
  if (t.stacked) return `${tileName(t)} (sideways, added on top)`;
  return t.sideways ? `${tileName(t)} (sideways)` : tileName(t);
}

function groupLabel(grp) {
  const t = grp.tiles;
  if (grp.kind === "hand") return "Hand";
  if (grp.kind === "winning") return t[0].sideways ? "winning tile (ron)" : "winning tile";
  if (grp.kind === "bonus") return "bonus tiles";
  if (concealedKan(t)) return "concealed kan";
  return t.some((x) => x.sideways) ? "called meld" : "meld";
}

/** Alt text, as service/notation/describe.py writes it. */
export function describe(groups) {
  return groups.map((g) => `${groupLabel(g)}: ${g.tiles.map(tileWord).join(" ")}`).join("; ");
}

/**
 * Everything the <Tiles> component needs before the image arrives, or null for
 * a notation (or height) the service rejects.
 * tileLayout("11s+-456m+4s").width === 196
 */
export function tileLayout(notation, height = SPEC.defaultHeight, gap = null) {
  if (!heightOk(height)) return null;
  const groups = parseTiles(notation);
  if (!groups) return null;
  return { ...measure(groups, height, gap), description: describe(groups), faces: distinctFaces(groups.flatMap((g) => g.tiles)) };
}

/**
 * The faces an image of these tiles draws: one per code, lying or not, dimmed or not
 * (service/drawing/limits.py distinct_faces). distinctFaces(parseTiles("111m-111m")[0].tiles) === 2
 */
export function distinctFaces(tiles) {
  const code = (t) => (t.number ? `${t.red ? 0 : t.number}${t.suit}` : t.single || "x");
  return new Set(tiles.map((t) => `${code(t)}${t.sideways || t.stacked ? "-" : ""}${t.tsumogiri ? "*" : ""}`)).size;
}
