"use client"; // Next.js App Router: uses context, so it renders as a client component
// <Tiles notation="11222333s22m+-456m+4s" caption="Tsumo on 4s" />
// <Tiles river notation="1m9p*2z3s-5p8s" caption="Riichi on 5p" />
//
// A mahjong hand as an image from the tiles service (or from the files that
// `tiles build` wrote). Width, height and alt text are known before the image
// arrives, so the page does not jump and screen readers hear the tiles.
import React, { createContext, useContext } from "react";
import { tileLayout } from "./tileLayout.js";
import { DEFAULT_ROW, MAX_ROW, MIN_ROW, riverLayout } from "./riverLayout.js";

export const DEFAULT_HEIGHT = 38;
export const INLINE_HEIGHT = 24;
const DEFAULT_THEME = "light";

const TilesContext = createContext({});

/**
 * Site-wide settings for every <Tiles> below it.
 * <TilesProvider base="https://tiles.example.org" manifest={manifest}>...</TilesProvider>
 */
export function TilesProvider({ base, manifest, theme, format, children }) {
  const value = { base, manifest, theme, format };
  return <TilesContext.Provider value={value}>{children}</TilesContext.Provider>;
}

/**
 * The service URL of one image.
 * tilesUrl("https://t.example", "1m+2m", {height: 38, scale: 2})
 *   === "https://t.example/tiles/1m%2B2m.png?height=38&scale=2"
 * A river adds `&layout=river`, and `&row=N` when not 6.
 * tilesUrl("", "1m", {format: "svg", theme: "auto"}) === "/tiles/1m.svg?height=38&theme=auto"
 */
export function tilesUrl(
  base, notation, { height = DEFAULT_HEIGHT, scale = 1, theme, river = false, row = DEFAULT_ROW, format = "png" } = {},
) {
  const root = (base || "").replace(/\/+$/, "");
  const query =
    `height=${height}` +
    (format === "svg" ? "" : `&scale=${scale}`) + // an SVG is one file for every screen: no scale
    (theme ? `&theme=${encodeURIComponent(theme)}` : "") +
    (river ? "&layout=river" + (row !== DEFAULT_ROW ? `&row=${encodeURIComponent(row)}` : "") : "");
  return `${root}/tiles/${encodeURIComponent(notation)}.${format}?${query}`;
}

/**
 * The manifest key `tiles build` writes (service/build.py manifest_key).
 * manifestKey("123m", 50, "light") === "123m?height=50"
 * manifestKey("1m-2m", 38, "light", true, 8) === "1m-2m?layout=river&row=8"
 */
export function manifestKey(notation, height = DEFAULT_HEIGHT, theme, river = false, row = DEFAULT_ROW) {
  const extra = [];
  if (height !== DEFAULT_HEIGHT) extra.push(`height=${height}`);
  if (theme && theme !== DEFAULT_THEME) extra.push(`theme=${theme}`);
  if (river) extra.push("layout=river");
  if (river && row !== DEFAULT_ROW) extra.push(`row=${row}`);
  return notation + (extra.length ? "?" + extra.join("&") : "");
}

/** img attributes from a `tiles build` manifest entry, or null when it has none. */
function fromManifest(manifest, notation, height, theme, river, row) {
  const images = manifest && (manifest.images || manifest);
  const hit = images && images[manifestKey(notation, height, theme, river, row)];
  if (!hit) return null;
  return {
    src: hit["1x"],
    srcSet: `${hit["1x"]} 1x, ${hit["2x"]} 2x, ${hit["3x"]} 3x`,
    width: hit.width,
    height: hit.height,
    alt: hit.alt,
  };
}

/** img attributes for the live service; sizes come from tileLayout.js (riverLayout.js for a river). */
function fromService(base, notation, height, theme, river, row, format) {
  const svg = format === "svg";
  const url = (scale) => tilesUrl(base, notation, { height, scale, theme, river, row, format: svg ? "svg" : "png" });
  // the service refuses heights outside 16-256 with an error image of unknown size
  const ok = Number.isInteger(height) && height >= 16 && height <= 256;
  const rowOk = !river || (Number.isInteger(row) && row >= MIN_ROW && row <= MAX_ROW);
  const lay = ok && rowOk ? (river ? riverLayout(notation, height, row) : tileLayout(notation, height)) : null;
  return {
    src: url(1),
    srcSet: svg ? undefined : `${url(1)} 1x, ${url(2)} 2x, ${url(3)} 3x`,
    // an invalid notation gets the service's error image, whose size we cannot know
    width: lay ? lay.width : undefined,
    height: lay ? lay.height : undefined,
    alt: lay
      ? lay.description
      : !ok
        ? `Invalid tile height ${height}: ${notation}`
        : rowOk
          ? `Invalid tile notation: ${notation}`
          : `Invalid river row ${row}: ${notation}`,
  };
}

/**
 * Props: notation (required), caption, inline, height (CSS px of one tile,
 * 38, or 24 when inline), theme, base (service URL), manifest; river (draw
 * the tiles as a discard pond), row (discards per river row, 4-10, default 6);
 * format ("svg": one vector src for every screen and zoom, theme "auto" follows
 * the reader's light/dark preference; a manifest entry, always PNG, still wins).
 */
export default function Tiles({
  notation, caption, inline = false, height, theme, base, manifest, river = false, row, format,
}) {
  const site = useContext(TilesContext);
  const text = String(notation ?? "");
  const h = Number(height ?? (inline ? INLINE_HEIGHT : DEFAULT_HEIGHT));
  const th = theme ?? site.theme;
  const root = base ?? site.base ?? globalThis.TILES_BASE ?? "";
  const r = Number(row ?? DEFAULT_ROW);
  const attrs =
    fromManifest(manifest ?? site.manifest, text, h, th, !!river, r) ||
    fromService(root, text, h, th, !!river, r, format ?? site.format);
  const style = inline
    ? { display: "inline-block", verticalAlign: "middle", margin: "0 0.15em" }
    : { display: "block", maxWidth: "100%", height: "auto" };
  const img = (
    <img
      {...attrs}
      loading="lazy"
      decoding="async"
      className={"tiles" + (inline ? " tiles--inline" : "") + (river ? " tiles--river" : "")}
      data-notation={text}
      title={inline && caption ? caption : undefined}
      style={style}
    />
  );
  if (!caption || inline) return img;
  return (
    <figure className="tiles-figure" style={{ margin: "1em 0" }}>
      {img}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
