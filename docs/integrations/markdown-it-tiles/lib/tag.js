// Where a <Tiles ...> tag ends, read as JSX reads it: a '>' inside a "string",
// a 'string', a `string` or an {expression} does not end it. The props themselves
// are read by Python (`tiles batch`, the reader `tiles lint` uses); this only
// finds how much of the page to send.

/** The pattern of a tag's start: `<Tiles` then a space, '/' or '>'. */
export function tagStart(name) {
  if (!/^[A-Za-z_$][\w$.-]*$/.test(name)) throw new Error(`markdown-it-tiles: ${JSON.stringify(name)} is not a tag name`);
  return new RegExp(`^<${name.replace(/[.$]/g, "\\$&")}(?=[\\s/>]|$)`);
}

/** Reads a tag in pieces (a block tag comes a line at a time); `end` is set once it closes. */
export class TagReader {
  constructor() {
    this.quote = ""; // the open string's quote
    this.depth = 0; // open { of an expression
    this.end = -1;
  }

  /** Read text[from:to]; the offset just past the tag's '>' when it ends there, else -1. */
  feed(text, from, to) {
    for (let i = from; i < to; i++) {
      const c = text[i];
      if (this.quote) {
        if (c === "\\" && this.depth) i++; // JS escapes, inside an expression only
        else if (c === this.quote) this.quote = "";
      } else if (c === '"' || c === "'" || (c === "`" && this.depth)) {
        this.quote = c;
      } else if (c === "{") {
        this.depth++;
      } else if (c === "}") {
        this.depth = Math.max(this.depth - 1, 0);
      } else if (c === ">" && !this.depth) {
        this.end = i + 1;
        return this.end;
      }
    }
    return -1;
  }
}

/** The offset just past the tag starting at text[from] ('<'), or -1 when it does not end before `to`. */
export function tagEnd(text, from, to = text.length) {
  return new TagReader().feed(text, from + 1, to);
}
