// The one rule for a fence's info string, as tiles' Python reads it (service/pictures/fence_words.py):
// which of our blocks it opens, and the options it gives. ```tiles river is a tiles fence (a hand a
// line) and ```tiles-scene lang=ja a scene block; each also in an attribute list (```{.tiles river},
// one only when its brace closes), a scene in MyST's braces too (```{tiles-scene} lang=ja). The word
// ends at a space or tab (or a brace in braces): ```tiles-foo and ```tiles.js are other code, and
// ```{tiles} 123m is MyST's directive (Sphinx's). Read once, left to right, with no pattern that
// backtracks: its time grows with the string's length, not its square. remark-tiles and
// markdown-it-tiles carry this same file; tests/fixtures/fence_words.json is the table all three meet.
//
//   fenceWord("{.tiles river}")  // {word: "tiles", options: "river", at: 8}
//   fenceWord("tiles.js")        // null

const WORDS = ["tiles-scene", "tiles"]; // the longer first: tiles-scene is not tiles and "-scene"
const blank = (c) => c === " " || c === "\t";

/** {word, options, at} (`at`: where the options start in `info`, 0-based), or null for other code. */
export function fenceWord(info) {
  let end = info.length;
  while (end > 0 && blank(info[end - 1])) end--;
  const i = blanks(info, 0, end);
  if (i < end && info[i] === "{") {
    const j = blanks(info, i + 1, end);
    const dot = info[j] === "." ? 1 : 0;
    const word = wordAt(info, j + dot);
    if (word === null) return null;
    const k = j + dot + word.length;
    const m = blanks(info, k, end);
    if (m < end && info[m] === "}") { // {tiles-scene} lang=ja, {.tiles}: the braces hold the word alone
      if (word === "tiles" && !dot) return null; // MyST's {tiles} directive: its argument is a notation
      if (m + 1 < end && !blank(info[m + 1])) return null;
      return options(word, info, m + 1, end);
    }
    if (m === k || info[end - 1] !== "}") return null; // {tiles-foo}; {.tiles river with no closing brace
    let inner = end - 1;
    while (inner > m && blank(info[inner - 1])) inner--;
    return { word, options: info.slice(m, inner), at: m };
  }
  const word = wordAt(info, i);
  if (word === null) return null;
  const k = i + word.length;
  if (k < end && !blank(info[k])) return null;
  return options(word, info, k, end);
}

function wordAt(info, i) {
  return WORDS.find((w) => info.startsWith(w, i)) ?? null;
}

/** The first position from `i` (before `end`) that is not a space or tab. */
function blanks(info, i, end) {
  while (i < end && blank(info[i])) i++;
  return i;
}

/** What follows the word (from `start`): a scene's options may be in braces (tiles-scene {lang=ja}). */
function options(word, info, start, end) {
  const a = blanks(info, start, end);
  if (word === "tiles-scene" && a < end - 1 && info[a] === "{" && info[end - 1] === "}") {
    const b = blanks(info, a + 1, end - 1);
    let inner = end - 1;
    while (inner > b && blank(info[inner - 1])) inner--;
    return { word, options: info.slice(b, inner), at: b };
  }
  return { word, options: info.slice(a, end), at: a };
}
