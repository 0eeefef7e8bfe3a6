// markdown-it-tiles: every <Tiles notation="..."> tag, every ```tiles fence (a
// hand a line, `| caption`) and every ```tiles-scene block of a page becomes
// static <img> markup at build time, drawn by the `tiles` CLI.
//
//   md.use(tiles)                                   // VitePress: markdown: { config(md) { md.use(tiles) } }
//   md.use(tiles, { colorMode: "media" })
//
// Tags and fences are read by Python (`tiles batch`, the reader `tiles lint` and
// remark-tiles use), so every stack reads them alike. A tag that cannot be drawn
// fails the render with file:line:col, the parser's message and a caret.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fenceWord } from "./lib/fence_words.js";
import { colorModeCss, errorHtml, tilesHtml } from "./lib/markup.js";
import { publicUrl, siteOf } from "./lib/site.js";
import { batchFor } from "./lib/sync.js";
import { TagReader, tagStart } from "./lib/tag.js";

const FORMATS = [undefined, "png", "svg"];

/**
 * Options (all optional):
 *   outDir      folder the image files are written to (VitePress: <srcDir>/public/tiles; else ./public/tiles)
 *   publicPath  URL of outDir on the site (default: its path under the public folder, else "/tiles/";
 *               under VitePress, Vite writes it under the site's `base`)
 *   theme       theme for tags without a theme prop when colorMode is off ("light")
 *   colorMode   "class" (html.dark: VitePress, the default there), "data-theme", "media"
 *               (prefers-color-scheme), a CSS selector of the dark mode, or false (elsewhere the default)
 *   format      "png" (default: 1x/2x/3x files and a srcset) or "svg" (one vector file)
 *   onError     "fail" (default): a bad tag fails the render; "warn": a warning and the error image
 *   command     the tiles CLI to run (default "tiles", or $TILES_COMMAND); a string or [program, ...args]
 *   timeout     ms to wait for one page's images (default 600000)
 *   tagName     the tag name to replace (default "Tiles")
 *   lang        "en" (default), "ja" or "zh": the language of the alt text (and of the labels) of
 *               tags, fences and tiles-scene blocks without their own lang
 *   index       true: corner indices on the faces of tags, fences and tiles-scene blocks without
 *               their own index (default false)
 *   dialect     "mahgen", "riichi-hand-rs", ...: the notation of tags and fences without their own
 *               dialect is that tool's (default: ours; docs/coming-from.md)
 */
export default function markdownItTiles(md, options = {}) {
  if (!FORMATS.includes(options.format)) {
    throw new Error(`markdown-it-tiles: format must be "png" or "svg", not ${JSON.stringify(options.format)}`);
  }
  if (options.lang !== undefined && typeof options.lang !== "string") {
    throw new Error(`markdown-it-tiles: lang must be a string like "ja", not ${JSON.stringify(options.lang)}`);
  }
  if (options.index !== undefined && typeof options.index !== "boolean") {
    throw new Error(`markdown-it-tiles: index must be true or false, not ${JSON.stringify(options.index)}`);
  }
  if (options.dialect !== undefined && typeof options.dialect !== "string") {
    throw new Error(`markdown-it-tiles: dialect must be a string like "mahgen", not ${JSON.stringify(options.dialect)}`);
  }
  const tagName = options.tagName || "Tiles";
  const start = tagStart(tagName);
  let settings = null; // found on the first page: VitePress's config is resolved by then
  md.block.ruler.before("html_block", "tiles", blockTag(start));
  keepTagsFromHtmlBlocks(md, start);
  md.inline.ruler.before("html_inline", "tiles", inlineTag(start));
  md.core.ruler.push("tiles", (state) => {
    settings ||= settingsFor(options, tagName);
    draw(state, settings);
  });
  md.renderer.rules.tiles = (tokens, idx) => tokens[idx].meta.html;
}

/** A tag that opens a line and ends one (maybe lines later): a picture on its own. */
function blockTag(start) {
  return (state, startLine, endLine, silent) => {
    if (state.sCount[startLine] - state.blkIndent >= 4) return false; // indented code
    const from = state.bMarks[startLine] + state.tShift[startLine];
    if (!start.test(state.src.slice(from, state.eMarks[startLine]))) return false;
    const reader = new TagReader();
    let line = startLine;
    let end = reader.feed(state.src, from + 1, state.eMarks[line]);
    while (end < 0) {
      line++;
      if (line >= endLine || state.isEmpty(line) || state.sCount[line] < state.blkIndent) return false;
      end = reader.feed(state.src, state.bMarks[line] + state.tShift[line], state.eMarks[line]);
    }
    if (state.src.slice(end, state.eMarks[line]).trim()) return false; // text after it: a tag in a line of text
    if (silent) return true;
    const token = state.push("tiles", "", 0);
    token.block = true;
    token.map = [startLine, line + 1];
    token.content = state.src.slice(from, end);
    token.meta = { page: { from, to: end } };
    state.line = line + 1;
    return true;
  };
}

/**
 * A line that starts with a tag but is no picture on its own (text follows it) stays in its
 * paragraph, for the inline rule: VitePress's html_block takes any line starting with a
 * component's tag, even inside a paragraph, and Vue would then look for a <Tiles> component.
 */
function keepTagsFromHtmlBlocks(md, start) {
  const rule = md.block.ruler.__rules__?.find((r) => r.name === "html_block");
  if (!rule) return;
  const html = rule.fn;
  md.block.ruler.at("html_block", (state, startLine, endLine, silent) => {
    const from = state.bMarks[startLine] + state.tShift[startLine];
    if (start.test(state.src.slice(from, state.eMarks[startLine]))) return false;
    return html(state, startLine, endLine, silent);
  }, { alt: rule.alt });
}

/** A tag in a line of text. */
function inlineTag(start) {
  return (state, silent) => {
    const pos = state.pos;
    if (state.src.charCodeAt(pos) !== 0x3c || !start.test(state.src.slice(pos, pos + 128))) return false;
    const end = new TagReader().feed(state.src, pos + 1, state.posMax);
    if (end < 0) return false;
    if (!silent) {
      const token = state.push("tiles", "", 0);
      token.content = state.src.slice(pos, end);
      token.meta = { inline: { from: pos, to: end } };
    }
    state.pos = end;
    return true;
  };
}

function settingsFor(options, tagName) {
  const site = siteOf();
  const outDir = path.resolve(options.outDir || path.join(site.publicDir, "tiles"));
  const publicPath = options.publicPath ?? publicUrl(site.publicDir, outDir) ?? (site.kind === "vitepress" ? null : "/tiles/");
  if (publicPath == null) { // Vite links only files of the public folder
    throw new Error(`markdown-it-tiles: outDir ${outDir} is not under the public folder ${site.publicDir}: ` +
      "give the `publicPath` the site serves it at");
  }
  const colorMode = options.colorMode === undefined ? (site.kind === "vitepress" ? "class" : false) : options.colorMode;
  const command = [].concat(options.command || process.env.TILES_COMMAND || "tiles");
  const args = [...command.slice(1), "batch", "--out", outDir, "--public-path", publicPath];
  if (options.onError === "warn") args.push("--error-images");
  return {
    colorMode,
    tagName,
    format: options.format || "png",
    themes: colorMode ? ["light", "dark"] : [options.theme || "light"],
    onError: options.onError === "warn" ? "warn" : "fail",
    lang: options.lang && options.lang !== "en" ? options.lang : "",
    index: options.index === true,
    dialect: options.dialect || "",
    batch: { command: command[0], args, timeout: options.timeout },
  };
}

/** The page's text as markdown-it holds it, its file's lines, and the file line its first line is. */
function pageOf(state) {
  const env = state.env || {};
  const file = env.realPath || env.path;
  const text = state.src;
  const lines = text.split("\n");
  const starts = [0];
  for (const line of lines) starts.push(starts.at(-1) + line.length + 1);
  let fileLines = lines;
  let shift = 0; // lines markdown-it did not get: VitePress takes the front matter off first
  if (file && existsSync(file)) {
    const whole = readFileSync(file, "utf8").replace(/\r\n?/g, "\n").replace(/^\ufeff/, "");
    const at = whole.endsWith(text) ? whole.length - text.length : whole.indexOf(text);
    if (at >= 0) {
      shift = whole.slice(0, at).split("\n").length - 1;
      fileLines = whole.split("\n");
    }
  }
  const shown = file ? path.relative(process.cwd(), path.resolve(file)) || file : env.relativePath || "<markdown>";
  return { text, lines, starts, fileLines, shift, shown, lineOf: (offset) => starts.findLastIndex((s) => s <= offset) };
}

/** Every request of the page, drawn in one round trip; each token then holds its HTML. */
function draw(state, settings) {
  const page = pageOf(state);
  const found = collect(state, page, settings);
  if (!found.length) return;
  const common = { path: page.shown, themes: settings.themes, ...(settings.format === "svg" ? { format: "svg" } : {}),
    ...(settings.lang ? { lang: settings.lang } : {}), ...(settings.index ? { index: true } : {}),
    ...(settings.dialect ? { dialect: settings.dialect } : {}) };
  const requests = found.flatMap((f) => f.requests.map((r) => ({ ...common, ...r })));
  const { hello, answers } = batchFor(settings.batch).askAll(requests);
  if (settings.lang && !(hello.spec.langs || []).includes(settings.lang)) {
    throw new Error(`markdown-it-tiles: lang must be one of ${(hello.spec.langs || ["en"]).join(", ")}, ` +
      `not ${JSON.stringify(settings.lang)} (a tiles that writes alt text in English only knows en)`);
  }
  if (settings.index && !(hello.siteOptions || []).includes("index")) { // an older tiles draws no indices
    throw new Error("markdown-it-tiles: the index option needs a tiles that draws corner indices; " +
      "this one does not: install matching versions");
  }
  if (settings.dialect && !(hello.siteOptions || []).includes("dialect")) { // an older tiles reads ours only
    throw new Error("markdown-it-tiles: the dialect option needs a tiles that reads other tools' notations; " +
      "this one does not: install matching versions");
  }
  const problems = [];
  let themed = false;
  let n = 0;
  for (const f of found) {
    const parts = [];
    for (let k = 0; k < f.requests.length; k++) {
      const answer = answers[n++];
      for (const w of answer.warnings || []) console.warn(format(page, w, "warning: "));
      if (answer.ok) {
        parts.push(tilesHtml(hello.spec, answer, answer.notation, settings.colorMode));
        themed ||= answer.images.length > 1 && settings.colorMode && settings.colorMode !== "media";
      } else if (settings.onError === "warn" && answer.errorImage) {
        for (const e of answer.errors) console.warn(format(page, e, "warning: "));
        parts.push(errorHtml(hello.spec, answer.errorImage, undefined, !f.token.block));
      } else {
        // a fence's props that cannot be read or used fail each of its lines at the fence: say it once
        problems.push(...answer.errors.filter((e) => !problems.some((p) => p.line === e.line && p.column === e.column &&
          p.message === e.message)));
      }
    }
    f.token.type = "tiles";
    f.token.meta = { ...f.token.meta, html: parts.join("\n") + (f.token.block ? "\n" : "") };
  }
  if (problems.length) {
    problems.sort((a, b) => a.line - b.line || a.column - b.column);
    throw new Error(problems.map((p) => format(page, p, "")).join("\n"));
  }
  if (themed) {
    const style = new state.Token("html_block", "", 0);
    style.content = `<style>${colorModeCss(hello.spec, settings.colorMode)}</style>\n`;
    state.tokens.unshift(style);
  }
}

/** [{token, requests}] of the page in order: tags (block, inline), tiles fences (a request a line), scenes. */
function collect(state, page, settings) {
  const found = [];
  const tagRequest = (from, to) => {
    const line = page.lineOf(from);
    const prefix = page.text.slice(page.starts[line], from);
    return {
      line: line + 1 + page.shift, column: from - page.starts[line] + 1, source: page.text.slice(from, to),
      ...(prefix ? { prefix } : {}), ...(settings.tagName !== "Tiles" ? { tag: settings.tagName } : {}),
    };
  };
  const tokens = state.tokens;
  let line = 0; // the first line of the innermost block seen (a table cell has no map: its row's)
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.map) line = token.map[0];
    if (token.type === "tiles" && token.meta?.page) {
      found.push({ token, requests: [tagRequest(token.meta.page.from, token.meta.page.to)] });
    } else if (token.type === "inline" && token.children?.some((c) => c.type === "tiles")) {
      const place = inlinePlace(page, token, line);
      const tags = token.children.filter((c) => c.type === "tiles");
      if (token.children.length === 1 && tokens[i - 1]?.type === "paragraph_open") {
        // a tag alone in its paragraph is a picture on its own, not in a line of text
        tokens.splice(i - 1, 3, token.children[0]);
        i--;
        tags[0].block = true;
      }
      for (const tag of tags) {
        found.push({ token: tag, requests: [tagRequest(place(tag.meta.inline.from), place(tag.meta.inline.to))] });
      }
    } else if (token.type === "fence" && token.map) {
      const requests = fenceRequests(token, page);
      if (requests) {
        token.block = true;
        found.push({ token, requests });
      }
    }
  }
  return found;
}

/** A content offset of an inline token (a paragraph's, a heading's, a table cell's) as a page offset. */
function inlinePlace(page, token, first) {
  const lines = token.content.split("\n");
  const starts = [];
  const cols = [];
  let offset = 0;
  lines.forEach((text, k) => {
    starts.push(offset);
    offset += text.length + 1;
    // the page's line holds this one after its blockquote markers and indent (or, in a table, within it)
    const whole = page.lines[first + k] ?? "";
    const a = whole.trimEnd();
    const b = text.trimEnd();
    cols.push(lines.length > 1 && b && a.endsWith(b) ? a.length - b.length : Math.max(whole.indexOf(text), 0));
  });
  return (at) => {
    const k = starts.findLastIndex((s) => s <= at);
    return page.starts[first + k] + cols[k] + (at - starts[k]);
  };
}

/** The requests of a ```tiles fence (one a line) or a ```tiles-scene block; null for any other fence. */
function fenceRequests(token, page) {
  const open = token.map[0];
  const line = page.lines[open] ?? "";
  const marker = line.indexOf(token.markup);
  const infoAt = marker + token.markup.length;
  // ```tiles, ```tiles-scene, ```{tiles-scene}, ```{.tiles river}: told as Python tells them (lib/fence_words.js)
  const read = marker < 0 ? null : fenceWord(line.slice(infoAt));
  if (!read) return null;
  const restAt = infoAt + read.at; // 0-based, in the line
  const fenceLine = open + 1 + page.shift;
  const body = token.content.split("\n");
  if (body.at(-1) === "") body.pop();
  if (read.word === "tiles-scene") {
    return [{
      line: fenceLine + 1, column: marker + 1, scene: token.content,
      ...(read.options ? { meta: read.options, metaLine: fenceLine, metaColumn: restAt + 1 } : {}),
    }];
  }
  return body.flatMap((text, k) => {
    if (!text.trim()) return [];
    const whole = page.lines[open + 1 + k] ?? "";
    const col = whole.endsWith(text) ? whole.length - text.length : Math.max(whole.indexOf(text), 0);
    // read in Python as `tiles lint` reads a fence line; props that cannot be read are placed at the fence
    return [{ fenceLine: text, info: line.slice(infoAt).trim(), infoLine: fenceLine, infoColumn: marker + 1,
      line: fenceLine + 1 + k, column: col + 1 }];
  });
}

/** `file:line:col: message`, then the file's line with a caret under the column. */
function format(page, problem, kind) {
  const line = page.fileLines[problem.line - 1 - (page.fileLines === page.lines ? page.shift : 0)] ?? "";
  const pad = line.slice(0, problem.column - 1).replace(/[^\t]/g, " ");
  return `${page.shown}:${problem.line}:${problem.column}: ${kind}${problem.message}\n  ${line}\n  ${pad}^`;
}
