// The fixture site of tests/browser/test_vitepress.py: markdown-it-tiles with zero
// options in VitePress's default theme, under a base path. TILES_FIXTURE_SRC=bad-pages
// builds pages with typos instead (that build must fail).
import tiles from "markdown-it-tiles";

export default {
  title: "Tiles on VitePress",
  base: "/hands/",
  srcDir: process.env.TILES_FIXTURE_SRC || "pages",
  markdown: {
    config(md) {
      md.use(tiles);
    },
  },
  themeConfig: {
    sidebar: [
      { text: "Hands", link: "/" },
      { text: "More hands", link: "/more" },
    ],
  },
};
