// The score card's props of <Tiles score riichi seat="S" />, read as the service reads a tag's
// (service/scoring/rules.py score_text): the context written one way, so the URL the component
// builds and the manifest key it looks up are the ones `tiles build` and the service use.
// Every name and value list comes from tilesSpec.js (SPEC.score), owned by service/scoring/rules.py.
import SPEC from "./tilesSpec.js";

const S = SPEC.score;
const BOOL_ON = ["1", "true", "yes", "on", ""];
const BOOL_OFF = ["0", "false", "no", "off"];

/** A prop as a URL writes it: bare (true) is "1", {false} "0", {2} "2". */
function propText(value) {
  if (value === true) return "1";
  if (value === false) return "0";
  return String(value);
}

function flag(text) {
  const word = text.trim().toLowerCase();
  if (BOOL_ON.includes(word)) return true;
  if (BOOL_OFF.includes(word)) return false;
  return null;
}

/** One option's value written one way, or null when the service refuses it. */
function canonical(name, text) {
  const word = text.trim();
  if (S.flags.includes(name) || S.refused.includes(name)) {
    const on = flag(word);
    return on === null ? null : on ? "1" : "0";
  }
  if (S.winds.includes(name)) return word.length === 1 && "ESWN".includes(word.toUpperCase()) ? word.toUpperCase() : null;
  if (S.numbers.includes(name)) return /^[0-9]+$/.test(word) && Number(word) <= S.maxCount ? String(Number(word)) : null;
  const choices = S.choices[name];
  if (!choices) return null;
  const value = name === "double_wind_fu" ? word : word.toLowerCase();
  return choices.includes(value) ? value : null;
}

/** The score props a tag gives (score and its context; dora and ura are the picture's own), as written. */
export function scoreProps(props) {
  const out = [];
  for (const name of ["score", ...S.options]) {
    if (props && props[name] != null) out.push([name, propText(props[name])]);
  }
  return out;
}

/**
 * The picture's score option from a tag's props: "" for no card, "on" for a card with no context
 * given, else the context as the service writes it ("seat=S&riichi=1"); null when the service
 * refuses a value (the tag is then sent as written, and the service's error image says why).
 * scoreText({score: true, riichi: true, seat: "s"}) === "seat=S&riichi=1"
 */
export function scoreText(props) {
  const given = Object.fromEntries(scoreProps(props));
  if (!("score" in given)) return "";
  const on = flag(given.score);
  if (on === null) return null;
  if (!on) return "";
  const rules = "rules" in given ? canonical("rules", given.rules) : null;
  if (S.chineseOnly.some((name) => name in given) && rules !== S.chinese) return null; // mcr's own options
  const parts = [];
  for (const name of S.options) {
    if (!(name in given)) continue;
    const value = canonical(name, given[name]);
    if (value === null) return null;
    if (S.refused.includes(name)) {
      if (value === "1") return null; // nagashi: a draw's payment, refused by name
      continue;
    }
    parts.push(`${name}=${value}`);
  }
  return parts.join("&") || "on";
}

/**
 * The query of the card: "score=1&seat=S&riichi=1" ("" for none); for props the service refuses,
 * every score prop as written, for its error image to name the bad one.
 */
export function scoreQuery(props) {
  const text = scoreText(props);
  if (text === "") return "";
  if (text === null) return scoreProps(props).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
  return "score=1" + (text === "on" ? "" : `&${text}`);
}
