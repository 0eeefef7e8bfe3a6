// Shared by the test files (not a test itself): throwaway sites, pages and their HTML.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { evaluate } from "@mdx-js/mdx";
import { VFile } from "vfile";
import * as runtime from "react/jsx-runtime";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import remarkTiles from "../index.js";

/** A throwaway site folder (package.json + public/), like a Next or Vite project. */
export function site(prefix = "remark-tiles-") {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  writeFileSync(path.join(root, "package.json"), "{}");
  mkdirSync(path.join(root, "public"));
  return root;
}

/** An MDX page written into the site, as the VFile a bundler hands remark. */
export function page(root, name, text) {
  const file = path.join(root, name);
  writeFileSync(file, text);
  return new VFile({ path: file, value: text });
}

/** The page compiled with remark-tiles and rendered to static HTML. */
export async function html(file, options) {
  const mod = await evaluate(file, { ...runtime, remarkPlugins: [[remarkTiles, options]] });
  return renderToStaticMarkup(createElement(mod.default));
}
