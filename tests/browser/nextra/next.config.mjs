// The fixture site of tests/browser/test_nextra.py: remark-tiles in a Nextra 4 docs
// site (pages in content/), exported as static files under a base path (so publicPath
// says it), dark images switched by the `dark` class Nextra's theme puts on <html>.
// Built with `next build --webpack`: Turbopack refuses a remark plugin given as a function.
// TILES_FIXTURE_BAD=1 adds app/bad/page.bad.jsx, a page with a bad notation (that build must fail).
import nextra from "nextra";
import remarkTiles from "remark-tiles";

const withNextra = nextra({
  mdxOptions: { remarkPlugins: [[remarkTiles, { colorMode: "class", publicPath: "/hands/tiles/" }]] },
});

export default withNextra({
  output: "export",
  basePath: "/hands",
  trailingSlash: true, // without it the root page's data is asked at /hands.txt (next.js#73427)
  images: { unoptimized: true },
  pageExtensions: ["js", "jsx", ...(process.env.TILES_FIXTURE_BAD ? ["bad.jsx"] : [])],
});
