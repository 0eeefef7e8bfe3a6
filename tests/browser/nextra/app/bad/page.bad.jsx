// Only a page when TILES_FIXTURE_BAD adds "bad.jsx" to pageExtensions (next.config.mjs):
// the build that must fail on bad.mdx's notation.
import Bad from "./bad.mdx";

export default function Page() {
  return <Bad />;
}
