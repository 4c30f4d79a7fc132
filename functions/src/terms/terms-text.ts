import { parseDocument } from "htmlparser2";
import { findOne, getChildren } from "domutils";
import { isTag, isText, type AnyNode, type Element } from "domhandler";

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
  /** The page's language (`<html lang>`), which the figures' separators are read with; null when it names none. */
  lang: string | null;
}

const named = (name: string) => (element: Element) => element.name === name;

export function readableText(html: string): ReadableText {
  const doc = parseDocument(html);
  const all = getChildren(doc);
  const root = findOne(named("html"), all);
  const lang = root?.attribs.lang?.trim() || null;
  const main = findOne(named("main"), all) ?? findOne(named("article"), all);
  const content: AnyNode[] = main ? [main] : getChildren(findOne(named("body"), all) ?? doc);
  const parts: string[] = [];
  const walk = (nodes: AnyNode[], skip: ReadonlySet<string>) => {
    for (const node of nodes) {
      if (isText(node)) parts.push(node.data);
      else if (isTag(node) && !skip.has(node.name)) {
        const block = BLOCKS.has(node.name);
        if (block) parts.push(" ");
        walk(getChildren(node as Element), skip);
        if (block) parts.push(" ");
      }
    }
  };
  walk(content, main ? NEVER_TEXT : new Set([...NEVER_TEXT, ...FURNITURE]));
  return { text: parts.join("").replace(/\s+/g, " ").trim(), lang };
}
