// The fixture site of tests/browser/test_astro.py: remark-tiles in Astro's MDX under
// a base path, so publicPath is given. TILES_FIXTURE_SRC=bad-src builds a page with a
// bad notation instead (that build must fail).
import mdx from "@astrojs/mdx";
import { defineConfig } from "astro/config";
import remarkTiles from "remark-tiles";

export default defineConfig({
  base: "/hands",
  srcDir: process.env.TILES_FIXTURE_SRC || "./src",
  integrations: [mdx()],
  markdown: { remarkPlugins: [[remarkTiles, { colorMode: "media", publicPath: "/hands/tiles/" }]] },
});
