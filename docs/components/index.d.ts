// Types of `mahjong-tiles` (Tiles.js), written by hand. tests/test_npm_packages.py checks that every
// name Tiles.js exports is declared here, and compiles a use of them when `tsc` is at hand.
import type { ReactElement, ReactNode } from "react";

export type Theme = "light" | "dark" | "auto";
export type Lang = "en" | "ja" | "zh";
export type Format = "png" | "svg";
export type Wind = "E" | "S" | "W" | "N";
/** A score flag: bare (true), {false}, or "1" / "0", "yes" / "no", "on" / "off". */
export type Flag = boolean | string;
/** Another tool's notation (docs/coming-from.md); chombo-gen and handy-dora draw with riichi-hand-rs. */
export type Dialect =
  | "riichi-hand-rs" | "mahgen" | "pymdownx-mahjong" | "mjimage" | "merjong" | "riichi-wiki" | "latex" | "riichinator"
  | "chombo-gen" | "handy-dora";
/** "data-theme" (Docusaurus), "class" (Nextra: html.dark), "media" (prefers-color-scheme), or a CSS selector of the dark mode. */
export type ColorMode = "data-theme" | "class" | "media" | (string & {});

/** One image of a `tiles build` manifest: file names (or URLs) per density, its CSS size and alt text. */
export interface ManifestImage {
  "1x": string;
  "2x"?: string;
  "3x"?: string;
  width: number;
  height: number;
  alt: string;
}

/** What `tiles build` writes to manifest.json (or its `images` alone), keyed by `manifestKey`. */
export type Manifest = { renderer?: string; images: Record<string, ManifestImage> } | Record<string, ManifestImage>;

export interface TilesProps {
  /** The tiles, e.g. "11222333s22m+-456m+4s" (docs/notation.md). */
  notation: string;
  /** A <figure> with this <figcaption>; a `title` when inline. */
  caption?: string;
  /** A 24 px image in the line of text. */
  inline?: boolean;
  /** CSS px of an upright tile, a whole number from 16 to 256 (default 38, 24 inline). */
  height?: number | string;
  theme?: Theme;
  /** The tiles service's URL, e.g. "https://tiles.example.org". */
  base?: string;
  manifest?: Manifest;
  /** The tiles as a discard pond, `row` discards a row (4-10, default 6). */
  river?: boolean;
  row?: number | string;
  format?: Format;
  /** Dora and ura dora indicators (1-5 tiles, like "3m" or "4z1m") beside the hand, labelled in `lang`. */
  dora?: string;
  ura?: string;
  /** The language of the alt text and the strips' labels (default: the provider's, else "en"). */
  lang?: Lang;
  /** A corner index on every face: the numeral, E S W N, C F B on the dragons (default: the provider's, else none). */
  index?: boolean;
  /** The score card under the hand (docs/scoring.md), in the context of the props below; bare props are on. */
  score?: boolean | string;
  rules?: "tenhou" | "mahjongsoul" | "wrc" | "ema" | "mleague" | "mcr";
  /** The prevalent and the seat wind ("E" is the dealer). */
  round?: Wind;
  seat?: Wind;
  riichi?: Flag;
  double_riichi?: Flag;
  ippatsu?: Flag;
  rinshan?: Flag;
  chankan?: Flag;
  haitei?: Flag;
  houtei?: Flag;
  tenhou?: Flag;
  chiihou?: Flag;
  renhou?: Flag;
  honba?: number | string;
  sticks?: number | string;
  open_tanyao?: Flag;
  red_fives?: Flag;
  kiriage?: Flag;
  kazoe?: "yakuman" | "sanbaiman" | "multiple";
  double_yakuman?: Flag;
  double_wind_fu?: 2 | 4 | "2" | "4";
  renhou_value?: "none" | "mangan" | "yakuman";
  /** Chinese Official (rules="mcr") only. */
  last_tile?: Flag;
  wall_last?: Flag;
  kong?: Flag;
  /** The hand's acceptance table (what each discard accepts, tiles left) instead of the hand. */
  efficiency?: boolean;
  /** The table's first rows only (1-34; default all). */
  rows?: number | string;
  /** Tiles seen elsewhere (rivers, other melds, dora indicators), like "3p3p1z": left out of the table's counts. */
  visible?: string;
  /**
   * The notation is another tool's (docs/coming-from.md; default: the provider's, else ours). From the
   * service the image has no width and height before it arrives; a manifest has them.
   */
  dialect?: Dialect;
  /** For `tiles lint --check-wins` only: the picture ignores them. */
  expect?: "win" | "tenpai";
  wild?: string;
}

export interface TilesProviderProps {
  base?: string;
  manifest?: Manifest;
  theme?: Theme;
  /** The URL the manifest's bare file names sit under, e.g. useBaseUrl("/tiles/"). */
  assets?: string;
  colorMode?: ColorMode;
  format?: Format;
  /** The language of the alt text and labels of every tag without a `lang` (as `tiles build --lang`). */
  lang?: Lang;
  /** Corner indices on the faces of every tag without an `index` (as `tiles build --index`). */
  index?: boolean;
  /** The notation of every tag without a `dialect` is that tool's (as `tiles build --dialect`). */
  dialect?: Dialect;
  children?: ReactNode;
}

export interface UrlOptions {
  height?: number;
  scale?: number;
  theme?: Theme;
  river?: boolean;
  row?: number;
  format?: Format;
  dora?: string;
  ura?: string;
  lang?: Lang;
  index?: boolean;
  /** Another tool's notation: `&dialect=NAME`. */
  dialect?: string;
  /** A score card's query, as scoreQuery (mahjong-tiles/scoreProps.js) writes it: "score=1&seat=S". */
  score?: string;
  /** An acceptance table: `&layout=efficiency`, with `&rows=` and `&visible=` when given. */
  efficiency?: boolean;
  rows?: number;
  visible?: string;
}

/** The width and height a layout takes, and the distinct faces it shows. */
export interface LayoutSize {
  width: number;
  height: number;
  faces?: number;
}

export declare const DEFAULT_HEIGHT: number;
export declare const INLINE_HEIGHT: number;

/** An <img> (a <figure> with a caption) of the tiles. */
export declare function Tiles(props: TilesProps): ReactElement;
export default Tiles;
/** Site-wide settings for every <Tiles> below it. */
export declare function TilesProvider(props: TilesProviderProps): ReactElement;
/** The CSS that shows only the image of the page's colour mode (null for "media" or none). */
export declare function colorModeCss(colorMode?: ColorMode | null): string | null;
/** The service URL of one image: tilesUrl("https://t.example", "1m+2m", {scale: 2}). */
export declare function tilesUrl(base: string, notation: string, options?: UrlOptions): string;
/** The manifest key `tiles build` writes: manifestKey("123m", 50, "light") === "123m?height=50". */
export declare function manifestKey(
  notation: string, height?: number, theme?: Theme, river?: boolean, row?: number, format?: Format,
  indicators?: {
    dora?: string; ura?: string; lang?: Lang; index?: boolean; dialect?: string; score?: string; efficiency?: boolean;
    rows?: number; visible?: string;
  },
): string;
/** The densities (1, 2, 3) the service draws for a layout of this tile height. */
export declare function densitiesFor(lay: LayoutSize, height: number, index?: boolean): number[];
