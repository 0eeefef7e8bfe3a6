"use client"; // Next.js App Router: uses context, so it renders as a client component
// <Tiles notation="11222333s22m+-456m+4s" caption="Tsumo on 4s" />
//
// A mahjong hand as an image from the tiles service (or from the files that
// `tiles build` wrote). Width, height and alt text are known before the image
// arrives, so the page does not jump and screen readers hear the tiles.
import React, { createContext, useContext } from "react";
import { tileLayout } from "./tileLayout.js";

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
 * tilesUrl("", "1m", {format: "svg", theme: "auto"}) === "/tiles/1m.svg?height=38&theme=auto"
 */
export function tilesUrl(base, notation, { height = DEFAULT_HEIGHT, scale = 1, theme, format = "png" } = {}) {
  const root = (base || "").replace(/\/+$/, "");
  // an SVG is one file for every screen: no scale
  const query = `height=${height}` + (format === "svg" ? "" : `&scale=${scale}`) +
    (theme ? `&theme=${encodeURIComponent(theme)}` : "");
  return `${root}/tiles/${encodeURIComponent(notation)}.${format}?${query}`;
}

/**
 * The manifest key `tiles build` writes (service/build.py manifest_key).
 * manifestKey("123m", 50, "light") === "123m?height=50"
 */
export function manifestKey(notation, height = DEFAULT_HEIGHT, theme) {
  const extra = [];
  if (height !== DEFAULT_HEIGHT) extra.push(`height=${height}`);
  if (theme && theme !== DEFAULT_THEME) extra.push(`theme=${theme}`);
  return notation + (extra.length ? "?" + extra.join("&") : "");
}

/** img attributes from a `tiles build` manifest entry, or null when it has none. */
function fromManifest(manifest, notation, height, theme) {
  const images = manifest && (manifest.images || manifest);
  const hit = images && images[manifestKey(notation, height, theme)];
  if (!hit) return null;
  return {
    src: hit["1x"],
    srcSet: `${hit["1x"]} 1x, ${hit["2x"]} 2x, ${hit["3x"]} 3x`,
    width: hit.width,
    height: hit.height,
    alt: hit.alt,
  };
}

/** img attributes for the live service; sizes come from tileLayout.js. */
function fromService(base, notation, height, theme, format) {
  const svg = format === "svg";
  const url = (scale) => tilesUrl(base, notation, { height, scale, theme, format: svg ? "svg" : "png" });
  // the service refuses heights outside 16-256 with an error image of unknown size
  const ok = Number.isInteger(height) && height >= 16 && height <= 256;
  const lay = ok ? tileLayout(notation, height) : null;
  return {
    src: url(1),
    srcSet: svg ? undefined : `${url(1)} 1x, ${url(2)} 2x, ${url(3)} 3x`,
    // an invalid notation gets the service's error image, whose size we cannot know
    width: lay ? lay.width : undefined,
    height: lay ? lay.height : undefined,
    alt: lay
      ? lay.description
      : ok
        ? `Invalid tile notation: ${notation}`
        : `Invalid tile height ${height}: ${notation}`,
  };
}

/**
 * Props: notation (required), caption, inline, height (CSS px of one tile,
 * 38, or 24 when inline), theme, base (service URL), manifest, format ("svg":
 * one vector src for every screen and zoom, theme "auto" follows the reader's
 * light/dark preference; a manifest entry, always PNG, still wins).
 */
export default function Tiles({ notation, caption, inline = false, height, theme, base, manifest, format }) {
  const site = useContext(TilesContext);
  const text = String(notation ?? "");
  const h = Number(height ?? (inline ? INLINE_HEIGHT : DEFAULT_HEIGHT));
  const th = theme ?? site.theme;
  const root = base ?? site.base ?? globalThis.TILES_BASE ?? "";
  const attrs =
    fromManifest(manifest ?? site.manifest, text, h, th) ||
    fromService(root, text, h, th, format ?? site.format);
  const style = inline
    ? { display: "inline-block", verticalAlign: "middle", margin: "0 0.15em" }
    : { display: "block", maxWidth: "100%", height: "auto" };
  const img = (
    <img
      {...attrs}
      loading="lazy"
      decoding="async"
      className={inline ? "tiles tiles--inline" : "tiles"}
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
