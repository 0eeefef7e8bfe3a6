// The fixture site of tests/browser/test_docusaurus.py: remark-tiles with zero
// options under a non-root baseUrl. TILES_FIXTURE_DOCS=bad-docs builds the page
// with a bad notation instead (that build must fail).
import remarkTiles from "remark-tiles";

export default {
  title: "Tiles fixture",
  url: "http://127.0.0.1",
  favicon: "img/favicon.svg",
  // create-docusaurus's template writes this: Docusaurus Faster (@docusaurus/faster), whose
  // HTML minifier rewrites inline <style> text, which React then compares when it hydrates
  future: { v4: true },
  baseUrl: "/tiles-site/",
  onBrokenLinks: "throw",
  trailingSlash: false,
  themes: ["@docusaurus/theme-classic"],
  plugins: [
    [
      "@docusaurus/plugin-content-docs",
      {
        path: process.env.TILES_FIXTURE_DOCS || "docs",
        routeBasePath: "/",
        remarkPlugins: [remarkTiles],
      },
    ],
  ],
  themeConfig: {
    colorMode: { defaultMode: "light", respectPrefersColorScheme: false },
    navbar: { title: "Tiles fixture", items: [] },
  },
};
