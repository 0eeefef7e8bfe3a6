// Static markup for one answer of `tiles batch`, as mdast nodes that become
// plain HTML elements (data.hName/hProperties, the unified convention): no
// component, no import, no client code. Class names, styles and the colour-mode
// CSS come from the spec Python sends in its first line, the same spec the
// <Tiles> component imports, so both write the same markup.

const cssText = (style) =>
  Object.entries(style)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}:${v}`)
    .join(";");

const element = (type, hName, hProperties, children) => ({
  type,
  data: { hName, hProperties },
  ...(children ? { children } : {}),
});

/** The CSS that shows only the image of the page's colour mode. */
export function colorModeCss(spec, colorMode) {
  const m = spec.markup;
  const dark = m.darkSelectors[colorMode] || colorMode;
  return m.colorModeCss.replaceAll("{dark}", dark);
}

/**
 * A <style> node holding that CSS (once per page).
 * React is told not to compare its text when it hydrates (suppressHydrationWarning, a prop React
 * does not write into the page): an HTML minifier rewrites the CSS of a built page (Docusaurus
 * Faster's, on with create-docusaurus's `future: {v4: true}`, joins the two rules into one), and
 * React 19 then throws error #418 on the page and renders it again.
 */
export function styleNode(css) {
  return {
    type: "tilesStyle",
    data: { hName: "style", hProperties: { suppressHydrationWarning: true }, hChildren: [{ type: "text", value: css }] },
  };
}

/**
 * The node that replaces a <Tiles> tag.
 * answer: {width, height, alt, caption, inline, scene, images: [{theme, src, srcSet}]} (an SVG's srcSet: "a.svg 1x, a.svg#2x 2x")
 * colorMode: false, "media", or a dark-mode selector/shortcut (CSS switches the pair).
 */
export function tilesNode(spec, answer, notation, colorMode) {
  const m = spec.markup;
  const inline = answer.inline;
  const img = (image, themed) =>
    element("tilesImage", "img", {
      src: image.src,
      srcSet: image.srcSet,
      width: answer.width,
      height: answer.height,
      alt: answer.alt,
      loading: "lazy",
      decoding: "async",
      className: [...(inline ? m.inlineClassName : m.className).split(" "),
        ...(answer.river ? [m.riverClassName] : []),
        ...(answer.scene ? ["tiles-scene"] : []),
        ...(themed ? [m.themeClassName.replace("{theme}", image.theme)] : [])],
      dataNotation: notation,
      title: inline && answer.caption ? answer.caption : undefined,
      style: cssText(inline ? m.inlineStyle : m.blockStyle),
    });
  const [first] = answer.images;
  let pictures;
  if (answer.images.length === 1 || !colorMode) {
    pictures = [img(first, false)];
  } else if (colorMode === "media") {
    const dark = answer.images.find((i) => i.theme === "dark");
    const light = answer.images.find((i) => i.theme !== "dark");
    pictures = [
      element("tilesPicture", "picture", {}, [
        element("tilesSource", "source", {
          media: "(prefers-color-scheme: dark)", srcSet: dark.srcSet ?? dark.src, width: answer.width, height: answer.height,
        }),
        img(light, false),
      ]),
    ];
  } else {
    pictures = answer.images.map((i) => img(i, true));
  }
  if (!answer.caption || inline) {
    return pictures.length === 1 ? pictures[0] : element("tilesGroup", "span", { className: ["tiles-themed"] }, pictures);
  }
  return element("tilesFigure", "figure", { className: [m.figureClassName], style: cssText(m.figureStyle) }, [
    ...pictures,
    element("tilesCaption", "figcaption", {}, [{ type: "text", value: answer.caption }]),
  ]);
}

/** An error image (warn mode) in place of the tag. */
export function errorNode(spec, image, notation, inline) {
  const m = spec.markup;
  return element("tilesImage", "img", {
    src: image.src, srcSet: image.srcSet, width: image.width, height: image.height, alt: image.alt,
    loading: "lazy", decoding: "async", className: m.className.split(" "), dataNotation: notation,
    style: cssText(inline ? m.inlineStyle : m.blockStyle),
  });
}
