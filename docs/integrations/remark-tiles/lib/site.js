// Where a site serves static files and under which URL: found once per site.
//
// Docusaurus: the folder holding docusaurus.config.*, its first static
// directory and its baseUrl (read through Docusaurus's own config loader, so a
// TypeScript or function config works too). Anything else (Next/Nextra, Astro,
// Vite): the nearest package.json folder, its public/ folder, served at "/".
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const CONFIGS = ["ts", "mts", "cts", "js", "mjs", "cjs"].map((e) => `docusaurus.config.${e}`);
const sites = new Map();

function findUp(start, test) {
  let dir = path.resolve(start);
  for (;;) {
    if (test(dir)) return dir;
    const up = path.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/** {kind, root, staticDir, baseUrl} for the site a file belongs to. */
export function siteOf(filePath) {
  const start = filePath ? path.dirname(path.resolve(filePath)) : process.cwd();
  const docusaurus = findUp(start, (d) => CONFIGS.some((c) => existsSync(path.join(d, c))));
  const root = docusaurus || findUp(start, (d) => existsSync(path.join(d, "package.json"))) || process.cwd();
  if (!sites.has(root)) sites.set(root, docusaurus ? docusaurusSite(root) : genericSite(root));
  return sites.get(root);
}

async function genericSite(root) {
  return { kind: "generic", root, staticDir: path.join(root, "public"), baseUrl: "/" };
}

async function docusaurusSite(root) {
  let config;
  try {
    // CommonJS, and required (not imported): Docusaurus may load this plugin through jiti
    const require = createRequire(path.join(root, "package.json"));
    const loader = require("@docusaurus/core/lib/server/config.js");
    ({ siteConfig: config } = await loader.loadSiteConfig({ siteDir: root }));
  } catch (err) {
    throw new Error(
      `remark-tiles: cannot read the Docusaurus config in ${root} (${err.message}); ` +
        "give the plugin its `outDir` and `publicPath` options",
    );
  }
  const statics = config.staticDirectories?.length ? config.staticDirectories : ["static"];
  const staticDir = path.resolve(root, statics[0]);
  // Docusaurus skips copying a static folder that is empty when the build starts,
  // so images written into it now would be missing from this build's site.
  const empty = !existsSync(staticDir) || readdirSync(staticDir).length === 0;
  if (empty && process.env.NODE_ENV === "production") {
    throw new Error(
      `remark-tiles: ${staticDir} was empty when this build started, and Docusaurus does not copy an ` +
        "empty static folder: the tile images would be missing from the site. Keep any file in it " +
        "(most sites have static/img/), or give the plugin an `outDir` that the site serves.",
    );
  }
  return {
    kind: "docusaurus",
    root,
    staticDir,
    baseUrl: config.baseUrl || "/",
  };
}
