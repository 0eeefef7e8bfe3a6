// Where the image files go and how pages link them: found once per plugin use.
//
// VitePress keeps the resolved site config in globalThis.VITEPRESS_CONFIG (set
// before it builds its markdown-it): files go to <srcDir>/public/tiles, which
// VitePress copies into the site, and pages link them as /tiles/...: Vite
// imports each public file and writes the URL under the site's `base`. Elsewhere:
// ./public/tiles under the working folder, linked as /tiles/.
import path from "node:path";

/** {kind, publicDir, base} of the site being built. */
export function siteOf() {
  const vp = globalThis.VITEPRESS_CONFIG;
  if (vp && typeof vp.srcDir === "string") {
    const given = vp.vite?.publicDir;
    const publicDir = typeof given === "string" ? path.resolve(vp.srcDir, given) : path.join(vp.srcDir, "public");
    return { kind: "vitepress", publicDir, base: vp.site?.base || "/" };
  }
  return { kind: "generic", publicDir: path.resolve("public"), base: "/" };
}

/** The URL of `outDir` on the site when it is under the public folder ("/tiles/"), else null. */
export function publicUrl(publicDir, outDir) {
  const rel = path.relative(publicDir, outDir);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  return "/" + (rel ? rel.split(path.sep).join("/") + "/" : "");
}
