import { Tokenizer } from "htmlparser2";

/*
 * A terms page's readable text (the contract's *Terms watch and alerts*): the text of its main
 * content, `main` or `article` when the page has one, else its body without the site's navigation,
 * header, footer and asides; never scripts, styles or markup; whitespace collapsed. What a version
 * keeps and what the diff and the figures read, so a change of layout alone is no change of terms.
 */

/** Elements whose text is never the page's words. */
const NEVER_TEXT = new Set(["script", "style", "noscript", "template", "svg", "head", "iframe", "object"]);
/** The site's furniture around the content, left out when there is no `main` or `article`. */
const FURNITURE = new Set(["nav", "header", "footer", "aside"]);
/** Elements that end a run of words: their text never runs into the next element's. */
const BLOCKS = new Set([
  "address",
  "article",
  "blockquote",
  "br",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "li",
  "main",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
]);

export interface ReadableText {
  /** The words of the main content, whitespace collapsed to single spaces. */
  text: string;
  /** The page's language (`<html lang>`, a valid BCP 47 tag of at most LANG_MAX_CHARS), which the figures' separators are read with; null otherwise. */
  lang: string | null;
}

/** The longest `lang` read (the contract's *Bounded whatever the page*): BCP 47's own practical limit. */
export const LANG_MAX_CHARS = 35;

/** A `lang` attribute as a language tag: only a valid BCP 47 tag of at most LANG_MAX_CHARS, canonicalised. */
export function languageTag(raw: string | null | undefined): string | null {
  const tag = raw?.trim();
  if (!tag || tag.length > LANG_MAX_CHARS) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** Words collected while the page streams by: appended to while `open`, the first such element only. */
class Collector {
  readonly parts: string[] = [];
  /** The depth of the open element collected, -1 before it opens; `done` once it closed. */
  depth = -1;
  done = false;

  opens(depth: number): void {
    if (this.depth < 0 && !this.done) this.depth = depth;
  }

  closes(depth: number): void {
    if (this.depth === depth) {
      this.depth = -1;
      this.done = true;
    }
  }

  get open(): boolean {
    return this.depth >= 0;
  }

  get found(): boolean {
    return this.open || this.done;
  }
}

/** Elements with no end: never on the stack of open elements. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/**
 * Read as a stream of tokens (htmlparser2's Tokenizer, no document tree, and not its Parser, whose
 * stack of open elements grows at its front: quadratic in the nesting, 1.2 s for 1 MB of it). What
 * the page's nesting costs here is a stack of tag names pushed and popped at its end, never a
 * recursion, so no depth of markup can stop the watch, and the time is linear in the page. An end
 * tag closes the elements opened after its own; one with nothing of its name open is ignored. The
 * first `main`, the first `article`, the first `body` and the whole page are collected side by side,
 * and the first that exists is the text.
 */
export function readableText(html: string): ReadableText {
  const stack: string[] = [];
  /** How many of each name are open: an end tag with none open is stray, found without a search. */
  const openCount = new Map<string, number>();
  const main = new Collector();
  const article = new Collector();
  const body = new Collector();
  const page: string[] = [];
  let lang: string | null = null;
  let sawHtml = false;
  let never = 0;
  let furniture = 0;
  let tag = "";
  /** The html element's lang as it streams in; null once longer than any tag read. */
  let langValue: string | null = null;
  let inLang = false;

  const add = (words: string) => {
    if (never > 0) return;
    if (main.open) main.parts.push(words);
    if (article.open) article.parts.push(words);
    if (furniture > 0) return;
    if (body.open) body.parts.push(words);
    page.push(words);
  };

  const open = (name: string) => {
    if (BLOCKS.has(name)) add(" ");
    if (VOID.has(name)) return;
    const depth = stack.length;
    stack.push(name);
    openCount.set(name, (openCount.get(name) ?? 0) + 1);
    if (name === "main") main.opens(depth);
    else if (name === "article") article.opens(depth);
    else if (name === "body") body.opens(depth);
    if (NEVER_TEXT.has(name)) never += 1;
    if (FURNITURE.has(name)) furniture += 1;
  };

  const closeTop = () => {
    const name = stack.pop()!;
    openCount.set(name, openCount.get(name)! - 1);
    const depth = stack.length;
    if (NEVER_TEXT.has(name)) never -= 1;
    if (FURNITURE.has(name)) furniture -= 1;
    main.closes(depth);
    article.closes(depth);
    body.closes(depth);
    if (BLOCKS.has(name)) add(" ");
  };

  const close = (name: string) => {
    if (BLOCKS.has(name) && VOID.has(name)) return add(" ");
    if (!openCount.get(name)) return;
    // each element is popped once: linear however the ends fall
    // one of its name is open (openCount): the stack never runs out before it
    while (stack.at(-1) !== name) closeTop();
    closeTop();
  };

  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        tag = html.slice(start, end).toLowerCase();
      },
      onattribname(start, end) {
        const attribute = html.slice(start, end).toLowerCase();
        inLang = tag === "html" && !sawHtml && attribute === "lang";
        // read only while inLang, which each attribute sets anew
        langValue = "";
      },
      onattribdata(start, end) {
        if (inLang && langValue !== null)
          langValue = end - start + langValue.length > LANG_MAX_CHARS ? null : langValue + html.slice(start, end);
      },
      onattribentity(codepoint) {
        if (inLang && langValue !== null)
          langValue = langValue.length >= LANG_MAX_CHARS ? null : langValue + String.fromCodePoint(codepoint);
      },
      onattribend() {
        if (inLang) lang = languageTag(langValue);
      },
      onopentagend() {
        if (tag === "html") sawHtml = true;
        open(tag);
      },
      onselfclosingtag() {
        if (tag === "html") sawHtml = true;
        open(tag);
        if (!VOID.has(tag)) close(tag);
      },
      onclosetag(start, end) {
        close(html.slice(start, end).toLowerCase());
      },
      ontext(start, end) {
        add(html.slice(start, end));
      },
      ontextentity(codepoint) {
        add(String.fromCodePoint(codepoint));
      },
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  // elements left open need no closing: a collector still open has found its element

  const chosen = main.found ? main.parts : article.found ? article.parts : body.found ? body.parts : page;
  return { text: chosen.join("").replace(/\s+/g, " ").trim(), lang };
}
