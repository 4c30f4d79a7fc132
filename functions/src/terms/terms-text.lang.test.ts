import { describe, expect, it } from "vitest";
import { languageTag, LANG_MAX_CHARS, readableText } from "./terms-text";

/*
 * The page's language, which the figures' separators are read with (the contract's *Bounded whatever
 * the page*: a `lang` of any length, only a valid BCP 47 tag of at most 35 characters is read).
 */

/** A valid tag of exactly LANG_MAX_CHARS characters, already canonical, and one a character longer. */
const LONGEST = "en-x-aaaaaaaa-bbbbbbbb-cccccccc-ddd";
const TOO_LONG = `${LONGEST}d`;

const langOf = (html: string) => readableText(html).lang;

describe("a lang attribute as a language tag", () => {
  it("is the canonical tag, spaces around it left out", () => {
    expect(languageTag("en-US")).toBe("en-US");
    expect(languageTag("EN-gb")).toBe("en-GB");
    expect(languageTag("  de-ch \n")).toBe("de-CH");
  });

  it("is none when missing, empty or not a tag", () => {
    expect(languageTag(undefined)).toBeNull();
    expect(languageTag(null)).toBeNull();
    expect(languageTag("")).toBeNull();
    expect(languageTag("   ")).toBeNull();
    expect(languageTag("not a language!")).toBeNull();
    expect(languageTag("en_US")).toBeNull();
  });

  it("is read up to the longest tag, not a character beyond", () => {
    expect(LONGEST).toHaveLength(LANG_MAX_CHARS);
    expect(languageTag(LONGEST)).toBe(LONGEST);
    expect(languageTag(TOO_LONG)).toBeNull();
    expect(languageTag(` ${LONGEST} `)).toBe(LONGEST);
  });
});

describe("the page's language", () => {
  it("is the html element's lang, canonical, whatever case the markup is written in", () => {
    expect(langOf(`<!doctype html><html lang="de-CH"><body>x</body></html>`)).toBe("de-CH");
    expect(langOf(`<HTML LANG="en-us"><BODY>x</BODY></HTML>`)).toBe("en-US");
    expect(langOf(`<html class="page" lang="fr-FR" data-region="zz"><body>x</body></html>`)).toBe("fr-FR");
  });

  it("is read through the entities it is written with", () => {
    expect(langOf(`<html lang="de&#x2D;CH"><body>x</body></html>`)).toBe("de-CH");
    expect(langOf(`<html lang="&#x65;&#x6e;"><body>x</body></html>`)).toBe("en");
  });

  it("is read up to the longest tag, and none beyond, however it is written", () => {
    expect(langOf(`<html lang="${LONGEST}"><body>x</body></html>`)).toBe(LONGEST);
    expect(langOf(`<html lang="${TOO_LONG}"><body>x</body></html>`)).toBeNull();
    // a long one broken by entities: what follows past the bound is not read either
    expect(langOf(`<html lang="${"x".repeat(40)}&amp;yy"><body>x</body></html>`)).toBeNull();
    expect(langOf(`<html lang="${"x".repeat(40)}&amp;"><body>x</body></html>`)).toBeNull();
    expect(langOf(`<html lang="${"&#x61;".repeat(40)}"><body>x</body></html>`)).toBeNull();
    expect(langOf(`<html lang="en-${"a".repeat(100_000)}"><body>x</body></html>`)).toBeNull();
  });

  it("is none for a lang attribute longer than the longest tag as written, even a short tag padded with spaces", () => {
    expect(langOf(`<html lang="${" ".repeat(40)}en"><body>x</body></html>`)).toBeNull();
    expect(langOf(`<html lang="${" ".repeat(34)}e&#x6e;"><body>x</body></html>`)).toBeNull();
    expect(langOf(`<html lang="&#x65;&#x6e;&#x2d;&#x55;&#x53;${" ".repeat(33)}"><body>x</body></html>`)).toBeNull();
    // within it, spaces around the tag are left out
    expect(langOf(`<html lang="  en-GB  "><body>x</body></html>`)).toBe("en-GB");
  });

  it("is none for a lang that is not a tag, and for an empty one", () => {
    expect(langOf(`<html lang="not a language!"><body>x</body></html>`)).toBeNull();
    expect(langOf(`<html lang=""><body>x</body></html>`)).toBeNull();
    expect(langOf(`<html lang><body>x</body></html>`)).toBeNull();
  });

  it("is never the lang of another element, nor of a second html element", () => {
    expect(langOf(`<html lang="en"><body><p lang="fr">x</p></body></html>`)).toBe("en");
    expect(langOf(`<html><body><div lang="fr">x</div></body></html>`)).toBeNull();
    expect(langOf(`<div lang="fr">x</div>`)).toBeNull();
    expect(langOf(`<meta charset="utf-8"><html lang="en"><body>x</body></html>`)).toBe("en");
    expect(langOf(`<meta charset="utf-8"/><link rel="icon"/><html lang="en"><body>x</body></html>`)).toBe("en");
    expect(langOf(`<html lang="en"><html lang="fr"><body>x</body></html>`)).toBe("en");
    expect(langOf(`<html lang="en"/><html lang="fr"><body>x</body></html>`)).toBe("en");
  });

  it("a lang after the html element's does not undo it", () => {
    expect(langOf(`<html lang="en" title="x"><body lang="zz" class="y">x</body></html>`)).toBe("en");
  });
});
