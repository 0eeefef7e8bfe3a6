// Size and alt text of a river image (<Tiles river>), from the notation alone.
// Mirrors service/notation/river.py (which rivers are valid, the alt text) and
// service/layout/river_layout.py (the rows); tests/test_river.py runs this file under
// node against the Python side on random rivers. The tiles themselves are read
// by parseTiles, as service/notation/river.py reads them with the hand parser.
import {
  MAX_CHARS, SPEC, altLang, distinctFaces, fill, groupText, isSpace, parseTiles, tileName, tileWidth, withIndicators,
} from "./tileLayout.js";

export const ROWS = 3; // the third row takes every discard after the first two
export const DEFAULT_ROW = SPEC.defaultRow; // discards per row: from the Python options, via tilesSpec.js
export const MIN_ROW = SPEC.minRow;
export const MAX_ROW = SPEC.maxRow;

/**
 * Read a river into its discards, or return null when the service would reject
 * it. Each tile: {number, suit, red, sideways (the riichi tile), tsumogiri}.
 * parseRiver("1m *-2m")[1].tsumogiri === true
 */
export function parseRiver(text) {
  if (typeof text !== "string" || text.length > MAX_CHARS) return null;
  let kept = ""; // what the tile grammar reads: no whitespace, no '*'
  const thrown = new Set(); // tile indexes (one tile per digit, j or ?: a river has no backs)
  let star = false; // a '*' waiting for its tile
  let riichi = false;
  let digits = 0;
  for (const c of text) {
    if (isSpace(c)) continue;
    if (c === "*") {
      if (star || /[rR]$/.test(kept)) return null;
      star = true;
      continue;
    }
    if ("xX=+fFdD".includes(c)) return null; // no backs, kans, melds, bonus or Tienjiu tiles in a river
    if (c === "-") {
      if (riichi) return null;
      riichi = true;
    } else if ((c >= "0" && c <= "9") || "jJ?".includes(c)) {
      if (star) thrown.add(digits);
      star = false;
      digits++;
    } else if (star && c !== "r" && c !== "R") {
      return null;
    }
    kept += c;
  }
  if (star) return null;
  const groups = parseTiles(kept);
  if (!groups) return null;
  return groups[0].tiles.map((t, n) => ({ ...t, tsumogiri: thrown.has(n) }));
}

/**
 * Width and height in CSS px, as service/layout/river_layout.py places the discards.
 * measureRiver(parseRiver("123456m-7p8p"), 40, 6) -> {width: 180, height: 80}
 */
export function measureRiver(tiles, height = SPEC.defaultHeight, row = DEFAULT_ROW) {
  const tw = tileWidth(height);
  let x = 0;
  let width = 0;
  tiles.forEach((t, n) => {
    const r = Math.min(Math.floor(n / row), ROWS - 1);
    if (n === r * row) x = 0; // the first discard of its row
    x += t.sideways ? height : tw;
    width = Math.max(width, x);
  });
  return { width, height: Math.min(Math.ceil(tiles.length / row), ROWS) * height };
}

/** "1st", "2nd", "3rd", "11th", "21st": as ordinal() in service/notation/river.py. */
export function ordinal(n) {
  if (n % 100 >= 10 && n % 100 <= 20) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"}`;
}

/** Alt text in `lang`, as describe_river() in service/notation/river.py writes it. */
export function describeRiver(tiles, lang = SPEC.defaultLang) {
  const w = SPEC.altWords[lang];
  const names = tiles.map((t) => tileName(t, lang));
  const r = tiles.findIndex((t) => t.sideways);
  const body =
    r < 0
      ? names.join(w.join_tiles)
      : [names.slice(0, r).join(w.join_tiles), fill(w.riichi, { tile: names[r] }), names.slice(r + 1).join(w.join_tiles)]
          .filter((p) => p)
          .join(w.join_parts);
  const placed = (n) => {
    const name = names[n];
    if (names.filter((x) => x === name).length === 1) return name;
    const at = { n: n + 1, nth: ordinal(n + 1) };
    // a name that ends in its own note takes the place in it: "5s (red, 14th discard)"
    return name.endsWith(w.placed.slice(-1)) ? name.slice(0, -1) + fill(w.placed_more, at) : fill(w.placed, { tile: name, ...at });
  };
  const thrown = tiles.flatMap((t, n) => (t.tsumogiri ? [placed(n)] : []));
  const river = fill(w.group, { label: w.labels.river, tiles: body });
  return thrown.length ? river + w.join_groups + groupText("tsumogiri", thrown, lang) : river;
}

/**
 * Everything <Tiles river> needs before the image arrives, or null for a river
 * (or row, or indicator option) the service rejects. `indicators`: the tag's
 * {dora, ura, lang} props, drawn as strips at the river's left (withIndicators).
 * riverLayout("123456m-7p8p", 40).height === 80
 */
export function riverLayout(notation, height = SPEC.defaultHeight, row = DEFAULT_ROW, indicators = null) {
  if (!Number.isInteger(row) || row < MIN_ROW || row > MAX_ROW) return null;
  const tiles = parseRiver(notation);
  if (!tiles) return null;
  const lang = altLang(indicators);
  if (!lang) return null;
  const lay = { ...measureRiver(tiles, height, row), description: describeRiver(tiles, lang), faces: distinctFaces(tiles) };
  return withIndicators(lay, tiles, height, indicators);
}
