import { describe, expect, it } from "vitest";
import { readableText } from "./terms-text";

/*
 * What a page's markup does to its readable text (the contract's *Terms watch and alerts*): which
 * elements part words, which never hold the page's words, which are the site's furniture, which
 * element's words are the text, and what stray, unclosed or self-closed markup changes.
 */

const text = (html: string) => readableText(html).text;

/** Elements that part the words around them, as the contract's readable text reads blocks. */
const BLOCK_ELEMENTS = [
  "address",
  "blockquote",
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
  "li",
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
];
const INLINE_ELEMENTS = ["span", "b", "strong", "em", "i", "a", "small", "sup", "abbr", "code", "label", "x-offer"];
/** Elements without an end: never open, so an end tag of their name closes nothing. */
const VOID_ELEMENTS = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"];
const NEVER_TEXT = ["script", "style", "noscript", "template", "svg", "head", "iframe", "object"];
const FURNITURE = ["nav", "header", "footer", "aside"];

describe("the words a page's markup parts and joins", () => {
  it.each(BLOCK_ELEMENTS)("a <%s> parts its words from the words around it, opened and closed", (tag) => {
    expect(text(`<body>one<${tag}>two</${tag}>three</body>`)).toBe("one two three");
  });

  it.each(INLINE_ELEMENTS)("a <%s> runs its words into the words around it", (tag) => {
    expect(text(`<body>one<${tag}>two</${tag}>three</body>`)).toBe("onetwothree");
  });

  it.each(["main", "article"])("a <%s> within the first one parts its words too", (tag) => {
    expect(text(`<${tag}>one<${tag}>two</${tag}>three</${tag}>`)).toBe("one two three");
  });

  it("a line break or a rule parts words, written as a start, self-closed or as a stray end tag", () => {
    expect(text("<body>one<br>two<hr>three</body>")).toBe("one two three");
    expect(text("<body>one<br/>two<hr/>three</body>")).toBe("one two three");
    expect(text("<body>one</br>two</hr>three</body>")).toBe("one two three");
  });

  it("an image, an input or any other element without an end joins the words around it", () => {
    expect(text("<body>one<img src=x.png>two<wbr>three<input/>four</body>")).toBe("onetwothreefour");
  });

  it.each(VOID_ELEMENTS)("an end tag </%s> closes nothing: the element it stands in keeps its words", (tag) => {
    const parted = tag === "br" || tag === "hr";
    // the stray end tag sits inside the site's navigation: the navigation goes on to its own end
    expect(text(`<body>one<${tag}><nav>menu</${tag}>more</nav>two</body>`)).toBe(parted ? "one two" : "onetwo");
    // and inside a main, whose words go on to its own end
    expect(text(`<body>out<main>in<${tag}>side</${tag}>still</main>after</body>`)).toBe(parted ? "in side still" : "insidestill");
  });

  it("decodes entities in text, one at the very end of the page too", () => {
    expect(text("<p>Fish &amp; chips&nbsp;&#x1F600;</p>")).toBe("Fish & chips 😀");
    expect(text("Terms &amp")).toBe("Terms &");
    expect(text("<p>Terms</p> &copy")).toBe("Terms ©");
  });
});

describe("the elements whose text is never the page's words", () => {
  it.each(NEVER_TEXT)("the text of a <%s> is left out, and the words after it are read", (tag) => {
    expect(text(`<body>one <${tag}>hidden words</${tag}> two</body>`)).toBe("one two");
    expect(text(`<main>one <${tag}>hidden words</${tag}> two</main>`)).toBe("one two");
    // a page of loose words: no body, no main
    expect(text(`one <${tag}>hidden words</${tag}> two`)).toBe("one two");
  });

  it("leaves out nested ones to the end of the outermost", () => {
    expect(text("<body>a <object><svg>x</svg>y</object> b</body>")).toBe("a b");
  });
});

describe("the site's furniture", () => {
  it.each(FURNITURE)("a <%s> is left out of the body, and the words after it are read", (tag) => {
    expect(text(`<body>one <${tag}>Home | Cards</${tag}> two</body>`)).toBe("one two");
    expect(text(`one <${tag}>Home | Cards</${tag}> two`)).toBe("one two");
  });

  it.each(FURNITURE)("a <%s> within the main content is part of it", (tag) => {
    expect(text(`<body><nav>site</nav><main>one <${tag}>in the terms</${tag}> two</main></body>`)).toBe("one in the terms two");
    expect(text(`<body><article>one <${tag}>in the terms</${tag}> two</article></body>`)).toBe("one in the terms two");
  });

  it("nested furniture is left out to the end of the outermost", () => {
    expect(text("<body>a <header><nav>x</nav>y</header> b</body>")).toBe("a b");
  });
});

describe("whose words are the text", () => {
  it("the first main's, whatever comes before or after it", () => {
    expect(text("<body>before<main>first</main>between<main>second</main>after</body>")).toBe("first");
    expect(text("<body><article>story</article><main>terms</main></body>")).toBe("terms");
    expect(text("<main>terms</main>")).toBe("terms");
    expect(text("<body>intro<main>terms")).toBe("terms");
  });

  it("an empty main is an empty text, whatever the body holds", () => {
    expect(text("<body>lots of words<main></main>more</body>")).toBe("");
    expect(text("<body>lots of words<article> </article>more</body>")).toBe("");
  });

  it("the first article's when there is no main", () => {
    expect(text("<body>before<article>first</article>between<article>second</article></body>")).toBe("first");
    expect(text("<article>story</article>")).toBe("story");
  });

  it("the body's, and nothing outside it, when there is neither", () => {
    expect(text("<html>before<body>inside</body>after</html>")).toBe("inside");
    expect(text("<html><div>before</div><body>inside <p>too</p></body></html>")).toBe("inside too");
    expect(text("<html>outside<body></body></html>")).toBe("");
    expect(text("<body>first</body><body>second</body>")).toBe("first");
  });

  it("the whole page's when there is no body either", () => {
    expect(text("Earn <b>$200</b> today")).toBe("Earn $200 today");
    expect(text("<html><head><title>Refer</title></head><div>Earn</div> $200</html>")).toBe("Earn $200");
  });
});

describe("stray, unclosed and self-closed markup", () => {
  it("an end tag with nothing of its name open is ignored", () => {
    expect(text("<main>one</div>two</main>after")).toBe("onetwo");
    expect(text("<main><div>one</div></div>two</main>after")).toBe("one two");
    expect(text("<main><p>one</p></p></p>two</main>after")).toBe("one two");
  });

  it("an end tag closes the elements opened after its own", () => {
    expect(text("<body><nav>menu<span>more</nav>two</body>")).toBe("two");
    expect(text("<body><main>in<nav>x<span>y</main>out</body>")).toBe("inxy");
  });

  it("an element closed many times over counts its ends: the second end of one element opened twice still closes", () => {
    expect(text("<body><nav><nav>a</nav>b</nav>c</body>")).toBe("c");
    expect(text("<body><main><div><div>a</div>b</div></div>c</main>d</body>")).toBe("a b c");
  });

  it("a self-closed element is opened and closed at once", () => {
    expect(text("<body><nav/>one<div/>two<span/>three</body>")).toBe("one twothree");
    expect(text("<body><main/>rest</body>")).toBe("");
    expect(text("<body><template/>shown</body>")).toBe("shown");
  });
});
