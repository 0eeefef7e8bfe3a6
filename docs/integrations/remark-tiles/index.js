// remark-tiles: every <Tiles notation="..."> in an MDX page becomes static
// <img> markup at build time, drawn by the `tiles` CLI (or a tiles service);
// so does every ```tiles code block (each line a hand: `NOTATION | caption`, drawn as the
// <Tiles> tag with those props would be) and every ```tiles-scene one (a problem card or a table).
//
//   remarkPlugins: [remarkTiles]                        // zero options
//   remarkPlugins: [[remarkTiles, {publicPath: "/docs/tiles/"}]]
//   remarkPlugins: [[remarkTiles, {service: "https://tiles.example.org"}]]  // no Python
//
// The tag is read by Python (`tiles batch`, the reader `tiles lint` uses), so
// the plugin and the linter agree on every prop. A tag that cannot be drawn
// fails the build with file:line:col, the parser's message and a caret.
import path from "node:path";
import { batchFor } from "./lib/batch.js";
import { fenceWord } from "./lib/fence_words.js";
import { serviceFor } from "./lib/service.js";
import { colorModeCss, errorNode, styleNode, tilesNode } from "./lib/markup.js";
import { siteOf } from "./lib/site.js";

const TAGS = new Set(["mdxJsxFlowElement", "mdxJsxTextElement"]);

/**
 * Options (all optional):
 *   outDir      folder the image files are written to (default: the site's static
 *               folder + "/tiles": static/ for Docusaurus, public/ elsewhere)
 *   publicPath  URL of outDir on the site (default: the site's base URL + "tiles/")
 *   theme       theme for tags without a theme prop when colorMode is off ("light")
 *   colorMode   "data-theme" (Docusaurus, the default there), "class" (html.dark: Nextra),
 *               "media" (prefers-color-scheme), a CSS selector of the dark mode, or false
 *   format      "png" (default: 1x/2x/3x files and a srcSet) or "svg" (one vector file, one src)
 *   lang        "en" (default), "ja" or "zh": the language of the alt text (and of the labels) of
 *               tags and tiles-scene blocks without their own lang
 *   index       true: corner indices on the faces of tags, tiles fences and tiles-scene blocks
 *               without their own index (default false)
 *   dialect     "mahgen", "riichi-hand-rs", ...: the notation of tags and tiles fences without their
 *               own dialect is that tool's (default: ours; docs/coming-from.md)
 *   onError     "fail" (default): a bad tag fails the build; "warn": a warning and the error image
 *   command     the tiles CLI to run (default "tiles"); a string or [program, ...args]
 *   service     URL of a tiles HTTP service to fetch images from instead (no CLI, no Python)
 *   concurrency service requests in flight at once (default 6)
 *   timeout     ms to wait for one service answer (default 30000)
 *   tagName     the JSX name to replace (default "Tiles")
 */
export default function remarkTiles(options = {}) {
  const tagName = options.tagName || "Tiles";
  return async function transformer(tree, file) {
    const found = [];
    walk(tree, (node, parent, index) => {
      if ((TAGS.has(node.type) && node.name === tagName) || isScene(node) || isTilesFence(node)) {
        found.push({ node, parent, index });
      }
    });
    if (!found.length) return;
    const settings = await settingsFor(file, options);
    const batch = settings.service ? serviceFor(settings.service) : batchFor(settings.batch);
    const hello = await batch.start();
    if (settings.lang) checkLang(settings.lang, hello.spec);
    if (settings.index) checkIndex(hello);
    if (settings.dialect) checkDialect(hello);
    const text = String(file.value ?? "");
    // each found node's requests: one for a tag or a scene block, one per hand of a tiles fence
    const asked = found.map(({ node }) => {
      if (isScene(node)) return [sceneRequest(node, file, text, settings)];
      if (isTilesFence(node)) return fenceRequests(node, file, text, settings);
      return [{
        path: shownPath(file),
        line: node.position?.start.line ?? 1,
        column: node.position?.start.column ?? 1,
        source: sourceOf(node, text),
        ...linePrefix(node, text), // the "> " of a blockquote the tag's lines carry
        ...(tagName !== "Tiles" ? { tag: tagName } : {}),
        themes: themesFor(settings),
        ...(settings.format === "svg" ? { format: "svg" } : {}),
        ...siteOptions(settings),
      }];
    });
    const answers = await Promise.all(asked.map((requests) => Promise.all(requests.map((r) => batch.ask(r)))));
    const problems = [];
    let themed = false;
    // replace from the last so earlier indexes stay right
    for (let n = found.length - 1; n >= 0; n--) {
      const { node, parent, index } = found[n];
      const replacements = [];
      const failed = [];
      for (const [k, answer] of answers[n].entries()) {
        const notation = isScene(node) ? undefined
          : isTilesFence(node) ? fenceNotation(asked[n][k], settings.dialect) // as Python reads the line
          : attr(node, "notation");
        for (const w of answer.warnings || []) warn(file, format(file, text, w, "warning: "), w);
        if (answer.ok) {
          replacements.push(tilesNode(hello.spec, answer, notation, settings.colorMode));
          themed ||= answer.images.length > 1 && settings.colorMode && settings.colorMode !== "media";
        } else if (settings.onError === "warn" && answer.errorImage) {
          for (const e of answer.errors) warn(file, format(file, text, e, "warning: "), e);
          replacements.push(errorNode(hello.spec, answer.errorImage, notation, node.type === "mdxJsxTextElement"));
        } else {
          // a fence's props that cannot be read fail each of its lines at the fence: say it once
          failed.push(...answer.errors.filter((e) => !failed.some((f) => f.line === e.line && f.column === e.column &&
            f.message === e.message)));
        }
      }
      if (failed.length) problems.unshift(...failed);
      else parent.children.splice(index, 1, ...replacements);
    }
    if (problems.length) {
      const [first] = problems;
      const message = problems.map((p) => format(file, text, p, "")).join("\n");
      file.fail(message, { place: { line: first.line, column: first.column }, ruleId: "tiles", source: "remark-tiles" });
    }
    if (themed) tree.children.unshift(styleNode(colorModeCss(hello.spec, settings.colorMode)));
  };
}

/**
 * A ```tiles-scene code block (```{tiles-scene}, ```{.tiles-scene ...} too): a scene's YAML
 * (docs/scenes.md), drawn as one picture. Told by the rule Python tells it by (lib/fence_words.js).
 */
function isScene(node) {
  return node.type === "code" && Boolean(node.lang) && fenceWord(infoOf(node))?.word === "tiles-scene";
}

/**
 * The request for a scene block: its YAML, where its body starts (the line after the fence) and
 * where each of its lines starts (a blockquote's "> " or a list's indent comes before them), and
 * the block's options (```tiles-scene lang=ja height=30: what the rule reads after the word) with where they
 * start on the fence line. Python reads the options (`tiles batch`, as `tiles build` does), so
 * keys and file names agree.
 */
function sceneRequest(node, file, text, settings) {
  const meta = fenceWord(infoOf(node)).options; // {.tiles-scene lang=ja}: its closing brace is no option
  return {
    path: shownPath(file),
    line: (node.position?.start.line ?? 0) + 1,
    column: node.position?.start.column ?? 1,
    columns: bodyColumns(node, text),
    scene: node.value + "\n",
    ...(meta ? { meta, ...metaPlace(node, text, meta) } : {}),
    themes: themesFor(settings),
    ...(settings.format === "svg" ? { format: "svg" } : {}),
    ...siteOptions(settings),
  };
}

/**
 * A ```tiles code block: each line a hand (`NOTATION | caption`), its info string the props of each
 * (```tiles river). The rule is Python's (lib/fence_words.js; tests/fixtures/fence_words.json holds
 * both to one table), so `tiles lint` and `tiles build` read the fences drawn here, and Python reads
 * each line's props.
 */
function isTilesFence(node) {
  return node.type === "code" && Boolean(node.lang) && fenceWord(infoOf(node))?.word === "tiles";
}

/** A code node's info string, as its fence line writes it (less the spaces between words). */
function infoOf(node) {
  return [node.lang, node.meta].filter(Boolean).join(" ");
}

/**
 * The requests for a tiles fence: one per line that is not blank, each its text (`fenceLine`) and
 * where it starts, with the fence's info string and where the fence starts (`infoLine`/`infoColumn`:
 * props that cannot be read are placed there). Python reads each line as `tiles lint` does.
 */
function fenceRequests(node, file, text, settings) {
  const columns = bodyColumns(node, text);
  const first = (node.position?.start.line ?? 0) + 1;
  const requests = [];
  node.value.split("\n").forEach((raw, k) => {
    const line = raw.replace(/\r$/, "");
    if (!line.trim()) return; // a blank line draws nothing
    requests.push({
      path: shownPath(file),
      line: first + k,
      column: columns[k] ?? node.position?.start.column ?? 1,
      fenceLine: line,
      info: infoOf(node),
      ...fencePlace(node, text),
      themes: themesFor(settings),
      ...(settings.format === "svg" ? { format: "svg" } : {}),
      ...siteOptions(settings),
    });
  });
  return requests;
}

/** {infoLine, infoColumn}: where a code node's fence (its run of ` or ~) starts in the file. */
function fencePlace(node, text) {
  const line = node.position?.start.line ?? 1;
  const source = text.split("\n")[line - 1] ?? "";
  const at = source.slice((node.position?.start.column ?? 1) - 1).search(/[`~]/);
  return { infoLine: line, infoColumn: (node.position?.start.column ?? 1) + Math.max(at, 0) };
}

/** The 1-based column where each line of a code node's value starts in the file. */
function bodyColumns(node, text) {
  if (!node.position) return []; // a node made by another plugin: the body's column stands for all
  const fence = node.position.start.line;
  const lines = text.split("\n");
  return node.value.split("\n").map((raw, k) => {
    const value = raw.replace(/\r$/, "");
    const line = (lines[fence + k] ?? "").replace(/\r$/, "");
    return line.endsWith(value) ? line.length - value.length + 1 : node.position.start.column;
  });
}

/** {metaLine, metaColumn}: where a code node's meta starts in the file (its fence line). */
function metaPlace(node, text, meta) {
  const line = node.position?.start.line ?? 1;
  const source = text.split("\n")[line - 1] ?? "";
  const word = source.indexOf("tiles-scene", (node.position?.start.column ?? 1) - 1);
  const from = word < 0 ? 0 : word + "tiles-scene".length;
  const at = source.indexOf(meta, from);
  return { metaLine: line, metaColumn: (at < 0 ? from + 1 : at) + 1 };
}

/** Depth-first walk calling visit(node, parent, index). */
function walk(node, visit) {
  const kids = node.children || [];
  for (let i = 0; i < kids.length; i++) {
    visit(kids[i], node, i);
    walk(kids[i], visit);
  }
}

const settingsCache = new Map();

async function settingsFor(file, options) {
  const site = await siteOf(file.path);
  const key = JSON.stringify([site.root, options]);
  if (settingsCache.has(key)) return settingsCache.get(key);
  const outDir = path.resolve(site.root, options.outDir || path.join(site.staticDir, "tiles"));
  const publicPath = options.publicPath ?? site.baseUrl.replace(/\/?$/, "/") + "tiles/";
  const colorMode = options.colorMode === undefined ? (site.kind === "docusaurus" ? "data-theme" : false) : options.colorMode;
  const command = [].concat(options.command || process.env.TILES_COMMAND || "tiles");
  const args = [...command.slice(1), "batch", "--out", outDir, "--public-path", publicPath];
  if (options.onError === "warn") args.push("--error-images");
  if (![undefined, "png", "svg"].includes(options.format)) {
    throw new Error(`remark-tiles: format must be "png" or "svg", not ${JSON.stringify(options.format)}`);
  }
  if (options.lang !== undefined && typeof options.lang !== "string") {
    throw new Error(`remark-tiles: lang must be a string like "ja", not ${JSON.stringify(options.lang)}`);
  }
  if (options.index !== undefined && typeof options.index !== "boolean") {
    throw new Error(`remark-tiles: index must be true or false, not ${JSON.stringify(options.index)}`);
  }
  if (options.dialect !== undefined && typeof options.dialect !== "string") {
    throw new Error(`remark-tiles: dialect must be a string like "mahgen", not ${JSON.stringify(options.dialect)}`);
  }
  const settings = {
    colorMode,
    format: options.format || "png",
    lang: options.lang && options.lang !== "en" ? options.lang : "",
    index: options.index === true,
    dialect: options.dialect || "",
    theme: options.theme || "light",
    onError: options.onError === "warn" ? "warn" : "fail",
    batch: { command: command[0], args },
    service: options.service
      ? { url: String(options.service), outDir, publicPath, errorImages: options.onError === "warn",
          concurrency: positive(options.concurrency, 6, "concurrency"), timeout: positive(options.timeout, 30000, "timeout") }
      : null,
  };
  settingsCache.set(key, settings);
  return settings;
}

/** The site's settings a request carries: lang (when not en), index (when on) and dialect (when given). */
function siteOptions(settings) {
  return { ...(settings.lang ? { lang: settings.lang } : {}), ...(settings.index ? { index: true } : {}),
    ...(settings.dialect ? { dialect: settings.dialect } : {}) };
}

/** The dialect option needs a tiles that reads other tools' notations (an older one would read ours). */
function checkDialect(hello) {
  if (!(hello.siteOptions || []).includes("dialect")) {
    throw new Error("remark-tiles: the dialect option needs a tiles that reads other tools' notations; " +
      "this one does not: install matching versions");
  }
}

/** A tiles fence line's notation, as Python reads it (service/pictures/pages.py split_caption): mahgen's
 * notation holds '|' and never a blank, so in that dialect (the fence's own, else the site's) its
 * caption starts at the first '|' after a blank. */
function fenceNotation(request, dialect) {
  const own = /(?:^|\s)dialect=["']?([\w-]+)/.exec(request.info || "");
  if ((own ? own[1] : dialect) === "mahgen") return request.fenceLine.split(/\s\|/)[0].trim();
  return request.fenceLine.split("|")[0].trim();
}

/** The index option needs a tiles that reads it (an older one would draw every face without). */
function checkIndex(hello) {
  if (!(hello.siteOptions || []).includes("index")) {
    throw new Error("remark-tiles: the index option needs a tiles that draws corner indices; " +
      "this one does not: install matching versions");
  }
}

/** The site's lang, checked against the languages the tiles CLI (or service) writes alt text in. */
function checkLang(lang, spec) {
  if (!spec || !spec.altWords) {
    // an older tiles writes every alt text in English: say so rather than build the site in the wrong language
    throw new Error("remark-tiles: the lang option needs a tiles that writes alt text in other languages; " +
      "this one writes English only: install matching versions");
  }
  if (!spec.langs.includes(lang)) {
    throw new Error(`remark-tiles: lang must be one of ${spec.langs.join(", ")}, not ${JSON.stringify(lang)}`);
  }
}

function positive(value, fallback, name) {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`remark-tiles: ${name} must be a whole number from 1, not ${value}`);
  return value;
}

function themesFor(settings) {
  return settings.colorMode ? ["light", "dark"] : [settings.theme];
}

/** The tag as written in the file; rebuilt from its attributes when it has no position. */
function sourceOf(node, text) {
  const p = node.position;
  if (p && p.start.offset != null && p.end.offset != null) return text.slice(p.start.offset, p.end.offset);
  const props = node.attributes.map((a) => {
    if (a.type !== "mdxJsxAttribute") return `{${a.value}}`;
    if (a.value == null) return a.name;
    if (typeof a.value === "string") return `${a.name}={${JSON.stringify(a.value)}}`;
    return `${a.name}={${a.value.value}}`;
  });
  return `<${node.name} ${props.join(" ")} />`;
}

/** `{prefix}`: the text before the tag on its first line, when there is any. */
function linePrefix(node, text) {
  const at = node.position?.start.offset;
  if (at == null) return {};
  const prefix = text.slice(text.lastIndexOf("\n", at - 1) + 1, at);
  return prefix ? { prefix } : {};
}

function attr(node, name) {
  const a = node.attributes.find((x) => x.type === "mdxJsxAttribute" && x.name === name);
  return a && typeof a.value === "string" ? a.value : "";
}

function shownPath(file) {
  return file.path ? path.relative(process.cwd(), file.path) || file.path : "<mdx>";
}

/** `file:line:col: message`, then the source line with a caret under the column. */
function format(file, text, problem, kind) {
  const line = text.split("\n")[problem.line - 1] ?? "";
  const pad = line.slice(0, problem.column - 1).replace(/[^\t]/g, " ");
  return `${shownPath(file)}:${problem.line}:${problem.column}: ${kind}${problem.message}\n  ${line}\n  ${pad}^`;
}

function warn(file, message, where) {
  file.message(message, { place: { line: where.line, column: where.column }, ruleId: "tiles", source: "remark-tiles" });
  console.warn(message);
}
