// Only a page when TILES_FIXTURE_BAD adds "bad.jsx" to pageExtensions (next.config.mjs):
// the build that must fail on bad.mdx's notation, and on the typos of conformance.mdx (the
// conformance page's typo variant, tests/browser/test_conformance.py).
import Bad from "./bad.mdx";
import Typos from "./conformance.mdx";

export default function Page() {
  return (
    <>
      <Bad />
      <Typos />
    </>
  );
}
