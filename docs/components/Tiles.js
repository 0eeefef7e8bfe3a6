"use client"; // Next.js App Router: uses context, so it renders as a client component
// <Tiles notation="11222333s22m+-456m+4s" caption="Tsumo on 4s" />
//
// A mahjong hand as an image from the tiles service (or from the files that
// `tiles build` wrote). Width, height and alt text are known before the image
// arrives, so the page does not jump and screen readers hear the tiles (in the tag's lang).
// For a static site with no client code at all, see remark-tiles
// (docs/integrations/remark-tiles), which writes the same markup at build time.
// Plain ESM, no JSX: the npm package `mahjong-tiles` ships this file as it is.
import { Fragment, createContext, createElement as h, useContext } from "react";
import {
  SPEC, fill, heightOk, indicatorOptions, indicatorProblem, tableOptions, tagDialect, tagHeight, tileLayout,
} from "./tileLayout.js";
import { DEFAULT_ROW, MAX_ROW, MIN_ROW, riverLayout } from "./riverLayout.js";
import { scoreQuery } from "./scoreProps.js";

export const DEFAULT_HEIGHT = SPEC.defaultHeight;
export const INLINE_HEIGHT = SPEC.inlineHeight;
const DEFAULT_THEME = SPEC.defaultTheme;
const M = SPEC.markup;

const TilesContext = createContext({});

/** The CSS that shows only the image of the page's colour mode (null for "media" or none). */
export function colorModeCss(colorMode) {
  if (!colorMode || colorMode === "media") return null;
  const dark = M.darkSelectors[colorMode] || colorMode; // a shortcut, or a selector of its own
  return M.colorModeCss.replaceAll("{dark}", dark);
}

/**
 * Site-wide settings for every <Tiles> below it.
 * <TilesProvider base="https://tiles.example.org" manifest={manifest} assets="/docs/tiles/"
 *                colorMode="data-theme" lang="ja">...</TilesProvider>
 * colorMode: "data-theme" (Docusaurus), "class" (Nextra: html.dark), "media"
 * (prefers-color-scheme) or a CSS selector of the dark mode; tags without a
 * theme prop then show the light or the dark image, and load only that one.
 * format="svg": every tag below asks the service for one SVG (see Tiles).
 * lang ("en", "ja", "zh"): the language of the alt text and the strips' labels of every tag
 * without a lang prop (as `tiles build --lang` draws them).
 * index: corner indices on the faces of every tag without an index prop (as `tiles build --index`).
 * dialect ("mahgen", "riichi-hand-rs", ...): the notation of every tag without a dialect prop is that
 * tool's (as `tiles build --dialect` reads it; docs/coming-from.md).
 */
export function TilesProvider({ base, manifest, theme, assets, colorMode, format, lang, index, dialect, children }) {
  const value = { base, manifest, theme, assets, colorMode, format, lang, index, dialect };
  const css = colorModeCss(colorMode);
  return h(
    TilesContext.Provider, { value },
    // as raw text: React would escape quotes in a custom selector, which CSS does not read
    css ? h("style", { dangerouslySetInnerHTML: { __html: css } }) : null,
    children,
  );
}

/**
 * The service URL of one image.
 * tilesUrl("https://t.example", "1m+2m", {height: 38, scale: 2})
 *   === "https://t.example/tiles/1m%2B2m.png?height=38&scale=2"
 * A river adds `&layout=river`, and `&row=N` when not 6.
 * tilesUrl("", "1m", {format: "svg", theme: "auto"}) === "/tiles/1m.svg?height=38&theme=auto"
 * Dora strips add `&dora=..&ura=..` and, with either, `&lang=` (as remark-tiles' URLs,
 * service/pictures/batch.py image_urls); so does a lang other than en (an SVG's title is in it);
 * pass the indicators canonical (indicatorOptions):
 * tilesUrl("", "1m", {dora: "4z1m"}) === "/tiles/1m.png?height=38&scale=1&dora=4z1m&lang=en"
 * Corner indices add `&index=1`: tilesUrl("", "1m", {index: true}) === "/tiles/1m.png?height=38&scale=1&index=1"
 * Another tool's notation adds `&dialect=NAME` (as service/pictures/batch.py image_urls):
 * tilesUrl("", "1m|_123p", {dialect: "mahgen"}) === "/tiles/1m%7C_123p.png?height=38&scale=1&dialect=mahgen"
 * A score card adds its query (scoreQuery: the context written as the service writes it):
 * tilesUrl("", "1m", {score: "score=1&seat=S"}) === "/tiles/1m.png?height=38&scale=1&score=1&seat=S"
 * An acceptance table (efficiency) adds `&layout=efficiency`, with `&rows=N` and `&visible=TILES` when given:
 * tilesUrl("", "1m", {efficiency: true, rows: 2, visible: "33p"}) === "/tiles/1m.png?height=38&scale=1&layout=efficiency&rows=2&visible=33p"
 */
export function tilesUrl(
  base, notation,
  {
    height = DEFAULT_HEIGHT, scale = 1, theme, river = false, row = DEFAULT_ROW, format = "png", dora, ura, lang, index,
    dialect, score, efficiency = false, rows, visible,
  } = {},
) {
  const root = (base || "").replace(/\/+$/, "");
  const query =
    `height=${height}` +
    (format === "svg" ? "" : `&scale=${scale}`) + // an SVG is one file for every screen: no scale

    (theme ? `&theme=${encodeURIComponent(theme)}` : "") +
    (river ? "&layout=river" + (row !== DEFAULT_ROW ? `&row=${encodeURIComponent(row)}` : "") : "") +
    (efficiency && !river
      ? "&layout=efficiency" + (rows != null && rows !== "" ? `&rows=${encodeURIComponent(rows)}` : "") +
        (visible ? `&visible=${encodeURIComponent(visible)}` : "")
      : "") +
    (dora ? `&dora=${encodeURIComponent(dora)}` : "") +
    (ura ? `&ura=${encodeURIComponent(ura)}` : "") +
    // the labels' and the title's language (an invalid one is sent for the service to say why)
    (dora || ura || lang ? `&lang=${encodeURIComponent(lang || SPEC.defaultLang)}` : "") +
    (index ? "&index=1" : "") +
    (dialect ? `&dialect=${encodeURIComponent(dialect)}` : "") +
    (score ? `&${score}` : "");
  return `${root}/tiles/${encodeURIComponent(notation)}.${format}?${query}`;
}

/**
 * The manifest key `tiles build` writes (service/docs/build.py manifest_key).
 * manifestKey("123m", 50, "light") === "123m?height=50"
 * manifestKey("1m-2m", 38, "light", true, 8) === "1m-2m?layout=river&row=8"
 * manifestKey("1m", 38, "auto", false, 6, "svg") === "1m?theme=auto&format=svg"
 * `indicators` are canonical (indicatorOptions); lang (of the alt text) counts when not en:
 * manifestKey("1m", 38, "light", false, 6, "png", {dora: "3m", lang: "ja"}) === "1m?dora=3m&lang=ja"
 * manifestKey("1m", 38, "light", false, 6, "png", {lang: "zh"}) === "1m?lang=zh"
 * and corner indices when on: manifestKey("1m", 38, "light", false, 6, "png", {index: true}) === "1m?index=1"
 * and the dialect (canonical: tagDialect): manifestKey("1m|_123p", 38, "light", false, 6, "png", {dialect: "mahgen"})
 *   === "1m|_123p?dialect=mahgen"
 * and a score card's query last: manifestKey("1m", 38, "light", false, 6, "png", {score: "score=1&seat=S"})
 *   === "1m?score=1&seat=S"
 * An acceptance table (efficiency; rows and visible, canonical: tableOptions):
 * manifestKey("1m", 38, "light", false, 6, "png", {efficiency: true, rows: 2, visible: "33p"})
 *   === "1m?layout=efficiency&rows=2&visible=33p"
 */
export function manifestKey(
  notation, height = DEFAULT_HEIGHT, theme, river = false, row = DEFAULT_ROW, format, indicators = {},
) {
  const { dora, ura, lang, index, dialect, score, efficiency, rows, visible } = indicators || {};
  const extra = [];
  if (height !== DEFAULT_HEIGHT) extra.push(`height=${height}`);
  if (theme && theme !== DEFAULT_THEME) extra.push(`theme=${theme}`);
  if (river) extra.push("layout=river");
  if (river && row !== DEFAULT_ROW) extra.push(`row=${row}`);
  if (efficiency && !river) {
    extra.push("layout=efficiency");
    if (rows != null && rows !== "") extra.push(`rows=${rows}`);
    if (visible) extra.push(`visible=${visible}`);
  }
  if (format === "svg") extra.push("format=svg");
  if (dora) extra.push(`dora=${dora}`);
  if (ura) extra.push(`ura=${ura}`);
  if (lang && lang !== SPEC.defaultLang) extra.push(`lang=${lang}`);
  if (index) extra.push("index=1");
  if (dialect) extra.push(`dialect=${dialect}`);
  if (score) extra.push(score);
  return notation + (extra.length ? "?" + extra.join("&") : "");
}

const srcSet = (url, densities = SPEC.densities) => densities.map((d) => `${url(d)} ${d}x`).join(", ");
// An SVG is one file holding a 1x and a 2x drawing; `#2x` shows the second (service/drawing/svg.py).
const svgSrcSet = (src) => M.svgSrcSet.replaceAll("{src}", src);

/**
 * The densities the service draws for this layout: within its cost ceiling (service/layout/limits.py),
 * the distinct faces it shows (lay.faces) included, fewer with corner indices (`index`).
 */
export function densitiesFor(lay, height, index = false) {
  const most = index ? SPEC.maxFacesIndex : SPEC.maxFaces;
  const fits = (d) => {
    const w = lay.width * d, ht = lay.height * d, px = height * d;
    return px <= SPEC.maxTilePx && Math.max(w, ht) <= SPEC.maxSide && w * ht <= SPEC.maxPixels &&
      (lay.faces || 1) <= most[px - SPEC.minHeight];
  };
  const ok = SPEC.densities.filter(fits);
  return ok.length ? ok : SPEC.densities.slice(0, 1); // 1x even when too large: its error image says why
}

/**
 * img attributes from a `tiles build` manifest entry, or null when it has none. An SVG
 * asked for is looked up first, then the PNG (a tag without format="svg" is built as PNG
 * even on a site whose provider asks for SVG); an SVG entry has one file (srcSet: its #2x).
 */
function fromManifest(manifest, assets, notation, height, theme, river, row, format, ind) {
  const images = manifest && (manifest.images || manifest);
  const formats = format === "svg" ? ["svg", "png"] : ["png"];
  const hit = images && formats.map((f) => images[manifestKey(notation, height, theme, river, row, f, ind)]).find(Boolean);
  if (!hit) return null;
  // bare file names (tiles build without --public-path) sit under the site's assets URL
  const url = (d) => (/^([a-z]+:|\/)/i.test(hit[`${d}x`]) ? "" : assets || "") + hit[`${d}x`];
  const svg = /\.svg$/i.test(hit["1x"]);
  const set = svg ? svgSrcSet(url(1)) : hit["2x"] ? srcSet(url, SPEC.densities.filter((d) => hit[`${d}x`])) : undefined;
  return { src: url(1), srcSet: set, width: hit.width, height: hit.height, alt: hit.alt };
}

/**
 * What tileLayout.js (riverLayout.js for a river) says, with the dora/ura strips of `props`,
 * or null for what the service refuses.
 */
function layoutOf(notation, height, river, row, props) {
  if (!heightOk(height)) return null;
  if (!river) return tileLayout(notation, height, null, props);
  return Number.isInteger(row) && row >= MIN_ROW && row <= MAX_ROW ? riverLayout(notation, height, row, props) : null;
}

/**
 * The indicator options as the URL and the manifest key carry them: canonical when valid (lang
 * beside a strip, or when not en), else as written, so the service's error image says what is wrong;
 * with the corner indices (`index`: true when on), the dialect (canonical, else as written; none for
 * ours) and the score card's query (`score`, scoreQuery).
 */
function indicatorsOf(props) {
  const ok = indicatorOptions(props);
  const index = props.index === true || undefined;
  const dialect = tagDialect(props) ?? props.dialect;
  const score = scoreQuery(props) || undefined;
  const table = tableOf(props);
  const common = { index, dialect: dialect || undefined, score, ...table };
  if (!ok) return { dora: props.dora, ura: props.ura, lang: props.lang, ...common };
  const lang = ok.dora || ok.ura || ok.lang !== SPEC.defaultLang ? ok.lang : undefined;
  return { dora: ok.dora, ura: ok.ura, lang, ...common };
}

/**
 * An acceptance table's options ({efficiency, rows, visible}) as the URL and the manifest key carry
 * them: canonical when valid (tableOptions), else as written for the service's error image to say why;
 * {} for a tag that draws no table.
 */
function tableOf(props) {
  if (props.efficiency !== true || props.river) return {};
  const ok = tableOptions(props);
  return ok ? { efficiency: true, rows: ok.rows ?? undefined, visible: ok.visible || undefined }
    : { efficiency: true, rows: props.rows, visible: props.visible };
}

/** img attributes for the live service; sizes come from the JS layouts. */
function fromService(base, notation, height, theme, river, row, format, props) {
  const svg = format === "svg";
  const ind = indicatorsOf(props);
  const url = (scale) => tilesUrl(base, notation, { height, scale, theme, river, row, format: svg ? "svg" : "png", ...ind });
  if (ind.dialect) return inDialect(url, notation, height, river, row, svg, props);
  const lay = layoutOf(notation, height, river, row, props);
  // what is wrong, in the order the service says it: the notation first, then dora, ura and lang
  const bad = lay
    ? null
    : !heightOk(height)
      ? `Invalid tile height ${height}`
      : !layoutOf(notation, height, river, row)
        ? "Invalid tile notation"
        : indicatorProblem(props);
  if (ind.efficiency) {
    // the table is the service's to make: its size is not known here, its alt text names the hand
    const ok = lay && tableOptions(props);
    const lang = indicatorOptions(props)?.lang ?? SPEC.defaultLang;
    return {
      src: url(1),
      srcSet: svg ? svgSrcSet(url(1)) : srcSet(url),
      width: undefined,
      height: undefined,
      alt: ok ? fill(SPEC.tableWords[lang], { hand: lay.description })
        : `${bad || `Invalid rows ${props.rows ?? ""} or visible ${props.visible ?? ""}`}: ${notation}`,
    };
  }
  return {
    src: url(1),
    srcSet: svg ? svgSrcSet(url(1)) : srcSet(url, lay ? densitiesFor(lay, height, ind.index) : SPEC.densities),
    // an invalid tag gets the service's error image, whose size we cannot know; nor a score card's
    // (its lines are measured by the service): the manifest has both
    width: lay && !ind.score ? lay.width : undefined,
    height: lay && !ind.score ? lay.height : undefined,
    alt: lay ? lay.description : `${bad}: ${notation}`,
  };
}

/**
 * img attributes for a tag in another tool's notation, from the service: the JS layouts read ours
 * only, so its size is the image's (no width and height, as a score card's), its densities those a
 * tile of its height may have, and its alt text names the dialect and the text as written (an
 * acceptance table's, the table of that). A `tiles build` manifest has the hand's size and alt text.
 */
function inDialect(url, notation, height, river, row, svg, props) {
  const dialect = tagDialect(props);
  const bad = !heightOk(height)
    ? `Invalid tile height ${height}`
    : dialect === null
      ? `Invalid dialect ${props.dialect}`
      : river && !(Number.isInteger(row) && row >= MIN_ROW && row <= MAX_ROW)
        ? `Invalid row ${row}`
        : indicatorProblem(props) ??
          (props.efficiency === true && !river && !tableOptions(props)
            ? `Invalid rows ${props.rows ?? ""} or visible ${props.visible ?? ""}` : null);
  const lang = indicatorOptions(props)?.lang ?? SPEC.defaultLang;
  const words = fill(SPEC.dialectWords[lang], { dialect, notation });
  const fits = SPEC.densities.filter((d) => height * d <= SPEC.maxTilePx);
  return {
    src: url(1),
    srcSet: svg ? svgSrcSet(url(1)) : srcSet(url, fits.length ? fits : SPEC.densities.slice(0, 1)),
    width: undefined,
    height: undefined,
    alt: bad ? `${bad}: ${notation}`
      : props.efficiency === true && !river ? fill(SPEC.tableWords[lang], { hand: words }) : words,
  };
}

/** Thrown while rendering on the server (so the site build fails), shown in the browser. */
function missing(notation, height, theme, river, row, format, props) {
  const ind = indicatorsOf(props);
  const key = manifestKey(notation, height, theme, river, row, format, ind);
  // another tool's text is tiles lint's to read: the other props are checked on a hand of ours
  const valid = ind.dialect
    ? tagDialect(props) && layoutOf("1m", height, river, row, props)
    : layoutOf(notation, height, river, row, props);
  return (
    `<Tiles notation="${notation}">: the manifest has no image "${key}" and no service base URL is set. ` +
    (valid
      ? `Run \`tiles build\` again${theme && theme !== DEFAULT_THEME ? ` with --theme ${theme}` : ""} before the site build.`
      : "The notation, height, dora, ura, lang or dialect is invalid: `tiles lint` says where.")
  );
}

function attrsFor(site, tag, notation, height, theme) {
  // the tag's lang, else the site's: the alt text's language (an empty prop is no prop);
  // the tag's index (true or false), else the site's
  const props = {
    ...tag,
    lang: tag.lang == null || tag.lang === "" ? site.lang : tag.lang,
    index: typeof tag.index === "boolean" ? tag.index : site.index === true,
    // the tag's dialect, else the site's (tagDialect reads it; the site's name as written when refused)
    dialect: typeof tag.dialect === "string" && tag.dialect ? tag.dialect : site.dialect,
  };
  const manifest = props.manifest ?? site.manifest;
  const root = props.base ?? site.base ?? globalThis.TILES_BASE;
  const river = !!props.river;
  const row = Number(props.row ?? DEFAULT_ROW);
  const format = props.format ?? site.format;
  const ind = indicatorsOf(props);
  const hit = manifest ? fromManifest(manifest, site.assets, notation, height, theme, river, row, format, ind) : null;
  if (hit) return hit;
  if (manifest && !root) {
    const message = missing(notation, height, theme, river, row, props.format, props);  // the key tiles build writes
    if (typeof window === "undefined") throw new Error(message);
    console.error(message);
    return { alt: message, width: undefined, height: undefined };
  }
  return fromService(root || "", notation, height, theme, river, row, format, props);
}

/**
 * Props: notation (required), caption, inline, height (CSS px of one tile,
 * 38, or 24 when inline), theme, base (service URL), manifest; river (draw
 * the tiles as a discard pond), row (discards per river row, 4-10, default 6);
 * format ("svg": one vector src for every screen and zoom, theme "auto" follows
 * the reader's light/dark preference; from a manifest when `tiles build` drew it,
 * which it does for a tag with format="svg", else the manifest's PNG); dora and ura
 * (1-5 indicator tiles, like "3m" or "4z1m": a strip of the indicators and backs at the left,
 * under a label in lang, "en", "ja" or "zh"; width, height and alt include it). lang is the
 * language of the alt text too; without it, <TilesProvider lang>'s, else en. index (or
 * index={false}): a corner index on every face (the numeral, E S W N, C F B on the dragons,
 * 1-4 on flowers and seasons); without it, <TilesProvider index>'s, else none.
 * score: the score card under the hand (docs/scoring.md), in the context of the props named as the
 * URL API names them: rules, round, seat, riichi, double_riichi, ippatsu, ..., honba, sticks, and
 * the rule options (bare props are on: <Tiles notation="..." score riichi seat="S" />); sent to the
 * service, or looked up in the manifest under the key `tiles build` writes. Without score they only
 * tell `tiles lint --check-scores` the context. From the service, the card's size is the image's.
 * efficiency: the hand's acceptance table (what each discard accepts, tiles left) instead of the hand;
 * rows={N} its first N rows, visible="3p3p" tiles seen elsewhere, left out of its counts. From a
 * manifest it has its size and alt text (the table read out); from the service its size is the
 * service's (no width and height) and its alt text names the hand.
 * dialect ("mahgen", "riichi-hand-rs", ...; docs/coming-from.md): the notation is that tool's; without
 * it, <TilesProvider dialect>'s, else ours. Sent to the service as `&dialect=NAME`, or looked up in the
 * manifest under the key `tiles build` writes; our layouts cannot read it, so from the service the
 * image's size is its own (no width and height) and the alt text names the dialect and the text.
 * `expect` and `wild` (the analysis' wild kind, like "5z") are for
 * `tiles lint --check-wins` only: the picture ignores them.
 */
export default function Tiles(props) {
  const { notation, caption, inline = false, theme, river = false } = props;
  const site = useContext(TilesContext);
  const text = String(notation ?? "");
  const height = tagHeight(props);
  const className = (inline ? M.inlineClassName : M.className) + (river ? ` ${M.riverClassName}` : "");
  const style = inline ? M.inlineStyle : M.blockStyle;
  const img = (th, extraClass) => h("img", {
    key: th || "one",
    ...attrsFor(site, props, text, height, th),
    loading: "lazy",
    decoding: "async",
    className: extraClass ? `${className} ${extraClass}` : className,
    "data-notation": text,
    title: inline && caption ? caption : undefined,
    style,
  });
  let picture;
  if (theme || !site.colorMode) {
    picture = img(theme ?? site.theme);
  } else if (site.colorMode === "media") {
    // the browser loads only the source that matches prefers-color-scheme
    const dark = attrsFor(site, props, text, height, "dark");
    picture = h(
      "picture", null,
      h("source", { media: "(prefers-color-scheme: dark)", srcSet: dark.srcSet ?? dark.src, width: dark.width, height: dark.height }),
      img("light"),
    );
  } else {
    // both in the HTML; CSS from <TilesProvider> hides one, and a hidden lazy image is never fetched
    picture = M.colorModeThemes.map((th) => img(th, M.themeClassName.replace("{theme}", th)));
  }
  if (!caption || inline) return h(Fragment, null, picture);
  return h("figure", { className: M.figureClassName, style: M.figureStyle }, picture, h("figcaption", null, caption));
}

export { Tiles };
