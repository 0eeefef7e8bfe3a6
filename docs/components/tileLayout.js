// Size and alt text of a tile image, from the notation alone (no request).
// Mirrors service/notation/grammar.py (which notations are valid), service/layout/layout.py
// (width/height) and service/notation/describe.py (alt text, in the tag's lang);
// tests/test_docs_tools.py runs this file under node and compares it with the Python side.
// Constants (limits, the alt text's words in every language, tile widths and gaps per height)
// come from tilesSpec.js, which Python generates: none is copied here.
import SPEC from "./tilesSpec.js";

export { SPEC };
const SUITS = SPEC.suits;
const BONUS = SPEC.bonusSuit; // flowers and seasons, 1f-8f
const DOMINO = SPEC.dominoSuit; // Tienjiu tiles (Chinese dominoes), two digits a tile: 12d, and xd their back
const TIENJIU = SPEC.tienjiu; // their names by halves, a group's label and the back's name in each language
const WORDS = SPEC.altWords; // per language: tile names, group labels, separators (service/notation/words.py)
export const MAX_CHARS = SPEC.maxChars;
export const MAX_TILES = SPEC.maxTiles;

/** Whether the service draws tiles this tall. heightOk(38) === true */
export function heightOk(height) {
  return Number.isInteger(height) && height >= SPEC.minHeight && height <= SPEC.maxHeight;
}

/**
 * The CSS height a tag asks for, from its props as MDX hands them over: Number() of
 * the value, so height={38.0} and height="38" are 38 (service/pictures/tag_props.py reads
 * them the same way). tagHeight({inline: true}) === 24
 */
export function tagHeight({ height, inline } = {}) {
  return Number(height ?? (inline ? SPEC.inlineHeight : SPEC.defaultHeight));
}

/** CSS width of an upright tile (service/layout/layout.py). tileWidth(38) === 28 */
export function tileWidth(height) {
  return SPEC.tileWidths[height - SPEC.minHeight];
}

/** CSS width of an upright Tienjiu tile, narrower (tile_art/proportions.py width_of). dominoWidth(38) === 16 */
export function dominoWidth(height) {
  return SPEC.dominoWidths[height - SPEC.minHeight];
}

/** CSS px between segments by default (service/layout/layout.py default_gap). defaultGap(38) === 9 */
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
 * sideways, stacked, single ("x", "j" or "?" for those three, else "")}. A Tienjiu tile
 * (suit "d") is its two digits, lower half first: {number: 1, half: 2} for 12d and 21d;
 * its back (xd) is a back of suit "d".
 * parseTiles("1m+-23p")[1].tiles[0].sideways === true; parseTiles("21d")[0].tiles[0].half === 2
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
        number: d || 5, suit: "", red: red || d === 0, sideways: !!mark, stacked: mark === "=", single: "", pos: i,
      };
      red = false;
      mark = "";
      pending.push(tile);
      if (!add(tile)) return null;
    } else if (lc === DOMINO && /[a-z]/i.test(c)) {
      // grammar.py suit() and dominoes(): an x just before the d is a Tienjiu back (xd, 66xd)
      if (red || mark) return null;
      const seg = segs[segs.length - 1];
      const last = seg[seg.length - 1];
      const back = last && last.pos === i - 1 && (body[i - 1] === "x" || body[i - 1] === "X");
      if (back) last.suit = DOMINO;
      if (!pending.length) {
        if (back) continue;
        return null;
      }
      if (pending.length % 2 || pending.some((t) => t.red)) return null;
      for (let k = 0; k < pending.length; k += 2) {
        const [first, second] = [pending[k], pending[k + 1]];
        if (first.number > 6 || second.number > 6 || second.sideways || second.pos !== first.pos + 1) return null;
        first.half = Math.max(first.number, second.number);
        first.number = Math.min(first.number, second.number);
        first.suit = DOMINO;
        // side by side, so in one segment (digits may wait for a later segment's letter)
        const holder = segs.findLast((tiles) => tiles.includes(second));
        holder.splice(holder.indexOf(second), 1);
        count -= 1;
      }
      pending = [];
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
      if (!add({ number: 0, suit: "", red: false, sideways: false, stacked: false, single: "x", pos: i })) return null;
    } else if ((lc === "j" && /[a-z]/i.test(c)) || c === "?") {
      if (red || pending.length) return null;
      if (!add({ number: 0, suit: "", red: false, sideways: !!mark, stacked: mark === "=", single: lc, pos: i })) {
        return null;
      }
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
const isDomino = (t) => t.suit === DOMINO;

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
  const sameKind = (a, b) => a.number === b.number && a.half === b.half && a.suit === b.suit && a.single === b.single;
  return t.length === 4 && isBack(t[0]) && isBack(t[3]) && !isBack(t[1]) && sameKind(t[1], t[2]);
}

/**
 * Width and height in CSS px of the image, as service/layout/layout.py places it.
 * measure(parseTiles("123m+-456p"), 40) -> {width: 200, height: 40}
 */
export function measure(groups, height = SPEC.defaultHeight, gap = null) {
  const tw = tileWidth(height);
  const dw = dominoWidth(height);
  const g = gap == null ? defaultGap(height) : gap;
  const stacked = groups.some((grp) => grp.tiles.some((t) => t.stacked));
  let x = 0;
  groups.forEach((grp, n) => {
    if (n) x += g;
    for (const t of grp.tiles) {
      if (t.stacked) continue; // lies on the sideways tile before it
      x += t.sideways ? height : isDomino(t) ? dw : tw;
    }
  });
  return { width: x, height: stacked ? Math.max(height, 2 * tw) : height };
}

/** Fill a template's {slots}, as Python's str.format does. fill("{tile} (red)", {tile: "5p"}) === "5p (red)" */
export const fill = (template, slots) => template.replace(/\{(\w+)\}/g, (_, k) => String(slots[k]));

/**
 * The tile's name in `lang`, as tile_name in service/notation/words.py: "5p (red)", "East",
 * "face-down tile", "plum", "joker"; tileName(t, "ja"): "赤五筒", "東", "伏せ牌", "梅", "ジョーカー".
 */
export function tileName(t, lang = SPEC.defaultLang) {
  const w = WORDS[lang];
  if (isDomino(t)) return t.single ? TIENJIU.back[lang] : TIENJIU.names[`${t.number}${t.half}`][lang];
  if (t.single) return w.single[t.single];
  if (t.suit === "z") return w.honors[t.number - 1];
  if (isBonus(t)) return w.bonus[t.number - 1];
  const name = w.numbers[t.number - 1] + w.suits[t.suit];
  return t.red ? fill(w.red, { tile: name }) : name;
}

function tileWord(t, lang) {
  const w = WORDS[lang];
  if (t.stacked) return fill(w.added, { tile: tileName(t, lang) });
  return t.sideways ? fill(w.sideways, { tile: tileName(t, lang) }) : tileName(t, lang);
}

/**
 * "Hand: 1m 2m" in `lang`: a label (a key of the words' labels, or "tienjiu" for a group
 * of Tienjiu tiles only, describe.py describe_group) and the tiles' names.
 */
export function groupText(label, names, lang = SPEC.defaultLang) {
  const w = WORDS[lang];
  const text = label === "tienjiu" ? TIENJIU.label[lang] : w.labels[label];
  return fill(w.group, { label: text, tiles: names.join(w.join_tiles) });
}

/** The group's key in the words' labels (describe.py _label). */
function groupLabel(grp) {
  const t = grp.tiles;
  if (t.length && t.every(isDomino)) return "tienjiu"; // no mahjong hand, meld or winning tile
  if (grp.kind === "hand" || grp.kind === "bonus") return grp.kind;
  if (grp.kind === "winning") return t[0].sideways ? "ron" : "winning";
  if (concealedKan(t)) return "concealed_kan";
  return t.some((x) => x.sideways) ? "called" : "meld";
}

/** Alt text in `lang`, as service/notation/describe.py writes it: a run of Tienjiu groups labelled once. */
export function describe(groups, lang = SPEC.defaultLang) {
  const w = WORDS[lang];
  let tienjiu = false; // a run of Tienjiu groups takes its label once
  return groups.map((g) => {
    const label = groupLabel(g);
    const names = g.tiles.map((t) => tileWord(t, lang));
    const text = label === "tienjiu" && tienjiu ? names.join(w.join_tiles) : groupText(label, names, lang);
    tienjiu = label === "tienjiu";
    return text;
  }).join(w.join_groups);
}

/**
 * Everything the <Tiles> component needs before the image arrives, or null for
 * a notation (or height, or indicator option) the service rejects. `indicators`:
 * the tag's {dora, ura, lang} props, drawn as strips beside the hand (withIndicators);
 * lang is the alt text's language too.
 * tileLayout("11s+-456m+4s").width === 196
 * tileLayout("123m", 40, null, {dora: "4z"}).width === 270
 * tileLayout("12m", 38, null, {lang: "zh"}).description === "手牌：一万 二万"
 */
export function tileLayout(notation, height = SPEC.defaultHeight, gap = null, indicators = null) {
  if (!heightOk(height)) return null;
  const groups = parseTiles(notation);
  if (!groups) return null;
  const lang = altLang(indicators);
  if (!lang) return null;
  const tiles = groups.flatMap((g) => g.tiles);
  const lay = { ...measure(groups, height, gap), description: describe(groups, lang), faces: distinctFaces(tiles) };
  return withIndicators(lay, tiles, height, indicators);
}

/** The alt text's language of a tag's {lang} (the default without one), or null when the service refuses it. */
export function altLang(indicators) {
  const lang = indicators && indicators.lang;
  if (lang == null || lang === "") return SPEC.defaultLang;
  return LANGS.includes(lang) ? lang : null;
}

// -- dora indicators (service/notation/dora.py, service/layout/dora_layout.py) -------------

export const LANGS = SPEC.langs;
const KINDS = SPEC.doraKinds; // "dora", then "ura"

/**
 * The tiles of a dora or ura option, as read_indicators in service/notation/dora.py reads
 * them: 1 to doraSlots face-up tiles of the 34 kinds (no joker, any-tile or bonus tile) in
 * one segment; null when the service rejects them.
 * readIndicators("4z1m").length === 2; readIndicators("3mx") === null
 */
export function readIndicators(text) {
  if (typeof text !== "string") return null;
  const groups = parseTiles(text);
  if (!groups || groups.length !== 1 || groups[0].kind !== "hand") return null;
  const tiles = groups[0].tiles;
  const odd = (t) => isBack(t) || t.single === "j" || t.single === "?" || isBonus(t) || isDomino(t);
  return tiles.some(odd) || tiles.length > SPEC.doraSlots ? null : tiles;
}

/**
 * One segment in canonical notation, as Group.canonical in service/notation/model.py:
 * 0 for red fives, one suit letter per run. canonicalSegment(readIndicators("R5p1P4Z")) === "01p4z"
 */
export function canonicalSegment(tiles) {
  let out = "";
  let run = "";
  for (const t of tiles) {
    if (run && ((t.suit && t.suit !== run) || t.single === "j" || t.single === "?")) {
      out += run; // a joker or any-tile takes no digits: close the run first
      run = "";
    }
    if (t.suit) run = t.suit;
    out += (t.stacked ? "=" : t.sideways ? "-" : "") + (t.single || (t.red ? "0" : String(t.number)));
  }
  return out + run;
}

/**
 * A table's visible tiles (tiles seen elsewhere) as read_visible in service/notation/options.py
 * spells them: the suited and honour tiles in tile order (a red five after its fives), upright,
 * backs, bonus and Tienjiu tiles dropped; "" for none; null when the service rejects them (a
 * notation that does not read, a joker or any-tile).
 * readVisible("1z4m 0p4m") === "44m0p1z"; readVisible("3pj") === null
 */
export function readVisible(text) {
  if (text == null || text === "") return "";
  if (typeof text !== "string") return null;
  const groups = parseTiles(text);
  if (!groups) return null;
  const tiles = groups.flatMap((g) => g.tiles);
  if (tiles.some((t) => t.single === "j" || t.single === "?")) return null;
  const kept = tiles
    .filter((t) => t.suit && SUITS.includes(t.suit))
    .map((t) => ({ ...t, sideways: false, stacked: false }))
    .sort((a, b) => SUITS.indexOf(a.suit) - SUITS.indexOf(b.suit) || (a.red ? 5.5 : a.number) - (b.red ? 5.5 : b.number));
  return canonicalSegment(kept);
}

/**
 * A tag's acceptance-table props as RenderOptions keeps them: layout ("river" wins, then
 * "efficiency" for the bare efficiency prop, else "hand"), rows (null for all; a whole number
 * from minRows to maxRows) and visible (readVisible); null when rows or visible is refused,
 * as the service refuses them on any layout.
 * tableOptions({efficiency: true, rows: 2, visible: "3p3p"}) -> {layout: "efficiency", rows: 2, visible: "33p"}
 */
export function tableOptions({ river, efficiency, rows, visible } = {}) {
  const layout = river ? "river" : efficiency === true ? "efficiency" : "hand";
  let n = null;
  if (rows != null && rows !== "") {
    n = Number(rows);
    if (!Number.isInteger(n) || n < SPEC.minRows || n > SPEC.maxRows) return null;
  }
  const seen = readVisible(visible);
  return seen === null ? null : { layout, rows: n, visible: seen };
}

/**
 * The dialect a tag's notation is written in (another tool's: docs/coming-from.md), as RenderOptions
 * keeps it (service/pictures/tag_props.py tag_dialect): the tag's dialect prop, else the site's (an
 * empty prop, or one that is no string, is none), an alias as the tool it draws with; "" for ours,
 * null for a name the service refuses.
 * tagDialect({dialect: "chombo-gen"}) === "riichi-hand-rs"; tagDialect({}, "mahgen") === "mahgen"
 */
export function tagDialect({ dialect } = {}, siteDialect) {
  const name = typeof dialect === "string" && dialect ? dialect : siteDialect;
  if (name == null || name === "") return "";
  if (SPEC.dialects.includes(name)) return name;
  return Object.hasOwn(SPEC.dialectAliases, name) ? SPEC.dialectAliases[name] : null;
}

/**
 * A tag's dora, ura and lang as RenderOptions keeps them (service/notation/options.py):
 * indicators canonical ("" for none), lang checked even without strips (default en);
 * null when any of them is invalid. An empty prop is no prop, as in the URL query.
 * indicatorOptions({dora: "R5p4Z", lang: "ja"}) -> {dora: "0p4z", ura: "", lang: "ja"}
 */
export function indicatorOptions({ dora, ura, lang } = {}) {
  const out = { dora: "", ura: "", lang: SPEC.defaultLang };
  for (const [kind, text] of [["dora", dora], ["ura", ura]]) {
    if (text == null || text === "") continue;
    const tiles = readIndicators(text);
    if (!tiles) return null;
    out[kind] = canonicalSegment(tiles);
  }
  if (lang != null && lang !== "") {
    if (!LANGS.includes(lang)) return null;
    out.lang = lang;
  }
  return out;
}

/**
 * What is wrong with a tag's dora/ura/lang, in the order the service checks them, or null.
 * indicatorProblem({dora: "3mx"}) === "Invalid dora indicators 3mx"
 */
export function indicatorProblem({ dora, ura, lang } = {}) {
  for (const [kind, text] of [["dora", dora], ["ura", ura]]) {
    if (text != null && text !== "" && !readIndicators(text)) return `Invalid ${kind} indicators ${text}`;
  }
  if (lang != null && lang !== "" && !LANGS.includes(lang)) return `Invalid lang ${lang}`;
  return null;
}

/**
 * A layout ({width, height, description, faces} of `tiles`, a hand's or a river's) with the
 * dora/ura strips of `indicators` ({dora, ura, lang} props) at its left, as with_indicators in
 * service/layout/dora_layout.py places them: each strip doraSlots tiles (the indicators, then
 * backs) under its label, as wide as the wider of the two plus a tile width; the labels' band
 * above the tiles. The layout itself when there are no strips; null when an option is invalid.
 */
export function withIndicators(lay, tiles, height, indicators) {
  if (!indicators) return lay;
  const opts = indicatorOptions(indicators);
  if (!opts) return null;
  const kinds = KINDS.filter((k) => opts[k]);
  if (!kinds.length) return lay;
  const tw = tileWidth(height);
  const i = height - SPEC.minHeight;
  let x = 0;
  let faces = tiles;
  const words = [];
  for (const kind of kinds) {
    const shown = readIndicators(opts[kind]);
    const backs = Array.from({ length: SPEC.doraSlots - shown.length }, () => ({ ...BACK }));
    faces = faces.concat(shown, backs);
    words.push(groupText(kind, shown.map((t) => tileName(t, opts.lang)), opts.lang));
    x += Math.max(SPEC.doraSlots * tw, SPEC.doraLabelWidths[opts.lang][kind][i]) + tw;
  }
  return {
    width: x + lay.width,
    height: SPEC.doraLabelBands[i] + Math.max(lay.height, height),
    description: [lay.description, ...words].join(WORDS[opts.lang].join_groups),
    faces: distinctFaces(faces),
  };
}

const BACK = { number: 0, suit: "", red: false, sideways: false, stacked: false, single: "x" };

/**
 * The faces an image of these tiles draws: one per code, lying or not, dimmed or not
 * (service/layout/limits.py distinct_faces). distinctFaces(parseTiles("111m-111m")[0].tiles) === 2
 */
export function distinctFaces(tiles) {
  const code = (t) => {
    if (isDomino(t)) return t.single ? "xd" : `${t.number}${t.half}d`;
    return t.number ? `${t.red ? 0 : t.number}${t.suit}` : t.single || "x";
  };
  return new Set(tiles.map((t) => `${code(t)}${t.sideways || t.stacked ? "-" : ""}${t.tsumogiri ? "*" : ""}`)).size;
}
