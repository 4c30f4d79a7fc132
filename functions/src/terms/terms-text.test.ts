import { describe, expect, it } from "vitest";
import { readableText } from "./terms-text";

const page = (body: string, lang = "en-US") => `<!doctype html><html lang="${lang}"><head><title>Refer a friend</title>
<style>.x{color:red}</style><script>window.track = "60,000 points";</script></head><body>${body}</body></html>`;

describe("a terms page's readable text", () => {
  it("is the main content's words only when the page has a main element", () => {
    const html = page(`<nav>Home | Cards | Sign in</nav><header>Big Bank</header>
      <main><h1>Refer&nbsp;a friend</h1><p>Earn <strong>60,000</strong> points</p><p>for each approved referral.</p>
      <script>var offer = 1;</script><style>p{}</style></main>
      <aside>Related: 5% cash back</aside><footer>© 2026 Big Bank</footer>`);
    expect(readableText(html)).toEqual({ text: "Refer a friend Earn 60,000 points for each approved referral.", lang: "en-US" });
  });

  it("takes an article when there is no main", () => {
    const html = page(`<div class="promo">Apply today</div><article><p>Bonus: $200</p></article>`);
    expect(readableText(html).text).toBe("Bonus: $200");
  });

  it("without either, is the body without the site's navigation, header, footer and asides", () => {
    const html = page(`<header><nav><a href="/">Home</a></nav></header>
      <div><h2>Terms</h2><ul><li>Up to 5 referrals a year</li><li>Bonus posts in 8 weeks</li></ul></div>
      <aside>Chat with us</aside><footer>Privacy</footer><noscript>Enable JavaScript</noscript>`);
    expect(readableText(html).text).toBe("Terms Up to 5 referrals a year Bonus posts in 8 weeks");
  });

  it("keeps words of separate blocks apart, words of one line together, and collapses whitespace", () => {
    const html = page(
      `<main><p>one</p><p>two</p><span>thr</span><span>ee</span><br>four<table><tr><td>a</td><td>b</td></tr></table>\n\n  five</main>`,
    );
    expect(readableText(html).text).toBe("one two three four a b five");
  });

  it("a page of markup and scripts only has no text, and a page without lang names none", () => {
    expect(readableText("<html><body><script>app()</script><div></div></body></html>")).toEqual({ text: "", lang: null });
  });

  it("a change of markup alone is no change of text", () => {
    const before = page(`<main><p>Earn <b>$200</b> when a friend is approved.</p></main>`);
    const after = page(`<main><div class="new-layout"><p>Earn <em>$200</em>  when a friend is   approved.</p></div></main>`);
    expect(readableText(after).text).toBe(readableText(before).text);
  });
});
