// The HTML of one answer of `tiles batch`: the markup remark-tiles writes, as a
// string. Class names, styles and the colour-mode CSS come from the spec Python
// sends in its first line (service/pictures/spec.py), shared with remark-tiles and the
// <Tiles> component, so a page looks the same whichever tool built it.

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => ESCAPES[c]);

const cssText = (style) =>
  Object.entries(style)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}:${v}`)
    .join(";");

/** `<name a="b" ...>`, attributes in the order given, undefined ones left out. */
function element(name, attrs) {
  const list = Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => ` ${k}="${escape(v)}"`);
  return `<${name}${list.join("")}>`;
}

/**
 * The CSS that shows only the image of the page's colour mode, for the page's one <style>.
 * remark-tiles marks its <style> suppressHydrationWarning, a prop for React (an HTML minifier
 * rewrites the CSS, and React compared it when hydrating); this is HTML text, and Vue does not
 * hydrate a <style> of the page's markdown: VitePress moves it into the site's CSS files.
 */
export function colorModeCss(spec, colorMode) {
  const m = spec.markup;
  const dark = m.darkSelectors[colorMode] || colorMode;
  return m.colorModeCss.replaceAll("{dark}", dark);
}

/**
 * The HTML that replaces a tag, a fence line or a scene block.
 * answer: {width, height, alt, caption, inline, river, scene, images: [{theme, src, srcSet}]}
 * colorMode: false, "media", or a dark-mode selector/shortcut (CSS switches the pair).
 */
export function tilesHtml(spec, answer, notation, colorMode) {
  const m = spec.markup;
  const inline = answer.inline;
  const img = (image, themed) =>
    element("img", {
      src: image.src,
      srcset: image.srcSet,
      width: answer.width,
      height: answer.height,
      alt: answer.alt,
      loading: "lazy",
      decoding: "async",
      class: [...(inline ? m.inlineClassName : m.className).split(" "),
        ...(answer.river ? [m.riverClassName] : []),
        ...(answer.scene ? ["tiles-scene"] : []),
        ...(themed ? [m.themeClassName.replace("{theme}", image.theme)] : [])].join(" "),
      "data-notation": notation,
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
    const source = element("source", {
      media: "(prefers-color-scheme: dark)", srcset: dark.srcSet ?? dark.src, width: answer.width, height: answer.height,
    });
    pictures = [`<picture>${source}${img(light, false)}</picture>`];
  } else {
    pictures = answer.images.map((i) => img(i, true));
  }
  if (!answer.caption || inline) {
    return pictures.length === 1 ? pictures[0] : `<span class="tiles-themed">${pictures.join("")}</span>`;
  }
  return `${element("figure", { class: m.figureClassName, style: cssText(m.figureStyle) })}${pictures.join("")}` +
    `<figcaption>${escape(answer.caption)}</figcaption></figure>`;
}

/** An error image (onError "warn") in place of the tag. */
export function errorHtml(spec, image, notation, inline) {
  const m = spec.markup;
  return element("img", {
    src: image.src, srcset: image.srcSet, width: image.width, height: image.height, alt: image.alt,
    loading: "lazy", decoding: "async", class: m.className, "data-notation": notation,
    style: cssText(inline ? m.inlineStyle : m.blockStyle),
  });
}
