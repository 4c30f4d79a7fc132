import { createHmac, timingSafeEqual } from "node:crypto";
import { parse as parseDiscord } from "discord-markdown-parser";
import { parse as parseSlack, NodeType, type Node as SlackNode } from "slack-message-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyOf, DISCORD_CONTENT_MAX, formatOf, headersOf, SLACK_LOOKALIKES, signatureOf } from "./alert-bodies";
import type { AlertMessage } from "./alerts.store";

/*
 * Each alert body as its receiver reads it: Discord's content through a parser of Discord's markdown,
 * Slack's text through a parser of Slack's mrkdwn, the generic body through JSON. Whatever the
 * outside text (a member-proposed program name, a bank's figures), what the receiver renders is that
 * text and nothing more: no formatting, mention, quote or link of it is live, and the hub's own link
 * is the only one.
 */

const RUNS = { seed: 5959, numRuns: 1_000 };
const HUB_URL = "https://hub.example/admin/programs/p1?tab=terms&x=1";

/** Hostile text: every markdown and mrkdwn character, URLs, mentions, line breaks, lone surrogates. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.string({ unit: "binary", maxLength: 8 }),
      fc.constantFrom(
        ..."*_~`|>#[]()<@:-\\!&.".split(""),
        "https://evil.example/login",
        "http://x.io",
        "www.evil.com",
        "evil.com/a",
        "<!here>",
        "<@U123>",
        "@everyone",
        "&amp;",
        ":smile:",
        "\n> quote",
        "\n# head",
        "||spoiler||",
        "[x](https://evil.example)",
        "\ud800",
        "\udc00",
        "😀",
        " ",
      ),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(""));

const messageOf = (text: string): AlertMessage => ({ text, url: HUB_URL, data: { programId: "p1", text } });

describe("Discord: the content as Discord's markdown reads it", () => {
  type DiscordNode = { type: string; content?: string | DiscordNode[]; target?: string; name?: string };
  /** What Discord shows of plain nodes: text, line breaks and emoji as themselves (anything else stands out). */
  const textOf = (nodes: DiscordNode[]) =>
    nodes
      .map((n) => (n.type === "br" ? "\n" : n.type === "twemoji" ? n.name : typeof n.content === "string" ? n.content : `<${n.type}>`))
      .join("");

  it("renders the words and nothing more, then the hub's link, in at most 2,000 characters, mentioning nobody", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const body = JSON.parse(bodyOf("discord", "terms-changed", messageOf(text))) as { content: string; allowed_mentions: unknown };
        expect(body.allowed_mentions).toEqual({ parse: [] });
        expect(body.content.length).toBeLessThanOrEqual(DISCORD_CONTENT_MAX);
        const nodes = parseDiscord(body.content, "extended") as DiscordNode[];
        const link = nodes.at(-1)!;
        expect(link).toMatchObject({ type: "url", target: HUB_URL });
        const words = nodes.slice(0, -2);
        expect(nodes.at(-2)?.type).toBe("br");
        expect(words.filter((n) => !["text", "br", "twemoji"].includes(n.type))).toEqual([]);
        // Discord's renderer drops or spaces control characters: the hub sends them as spaces
        const controlsAsSpaces = Array.from(text.replace(/\r\n?/g, "\n"), (c) => {
          const code = c.charCodeAt(0);
          return c !== "\n" && (code < 0x20 || (code >= 0x7f && code < 0xa0)) ? " " : c;
        }).join("");
        expect(textOf(words)).toBe(controlsAsSpaces);
      }),
      RUNS,
    );
  });

  it("cuts words that do not fit, never inside an escape, with an ellipsis", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "*", "\\", "😀", " "), minLength: 2_000, maxLength: 4_000 }), (text) => {
        const body = JSON.parse(bodyOf("discord", "terms-changed", messageOf(text))) as { content: string };
        expect(body.content.length).toBeLessThanOrEqual(DISCORD_CONTENT_MAX);
        const nodes = parseDiscord(body.content, "extended") as DiscordNode[];
        const shown = textOf(nodes.slice(0, -2));
        expect(shown.at(-1)).toBe("…");
        expect(text.slice(0, shown.length - 1)).toBe(shown.slice(0, -1));
        // every character may need an escape: at worst half the room is words
        expect(shown.length).toBeGreaterThanOrEqual(950);
        expect(/[\ud800-\udbff]$/.test(shown.slice(0, -1))).toBe(false);
      }),
      { ...RUNS, numRuns: 200 },
    );
  });
});

describe("Slack: the text as Slack's mrkdwn reads it", () => {
  const back = Object.fromEntries(Object.entries(SLACK_LOOKALIKES).map(([live, lookalike]) => [lookalike, live]));
  const readBack = (text: string) => [...text].map((c) => back[c] ?? c).join("");

  it("renders the words and nothing more, with no live link, formatting or mention, then the hub's link", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const body = JSON.parse(bodyOf("slack", "terms-changed", messageOf(text))) as { text: string };
        const root = parseSlack(body.text);
        const children = root.type === NodeType.Root ? root.children : [root];
        const link = children.at(-1) as SlackNode;
        expect(link).toMatchObject({ type: NodeType.URL, url: HUB_URL.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") });
        const words = children.slice(0, -1);
        expect(words.every((n) => n.type === NodeType.Text)).toBe(true);
        const shown = words.map((n) => (n.type === NodeType.Text ? n.text : "")).join("");
        // Slack links bare addresses and domains itself, and reads entities and line-start quotes
        expect(shown).not.toMatch(/https?:|www\.|[a-z0-9]\.[a-z]|[&<>@:*_~`]|\n/i);
        // the same words, read back: a line break is a space
        expect(readBack(shown)).toBe(`${readBack(text.replace(/[\r\n\u2028\u2029]+/g, " "))} `);
      }),
      RUNS,
    );
  });

  it("carries at most 3,000 characters of words, cut between whole characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "😀", "*"), minLength: 2_990, maxLength: 4_000 }), (text) => {
        const { text: sent } = JSON.parse(bodyOf("slack", "terms-changed", messageOf(text))) as { text: string };
        const words = sent.slice(0, sent.lastIndexOf(" <"));
        expect(words.length).toBeLessThanOrEqual(3_000);
        if (text.length > 3_000) expect(words.endsWith("…")).toBe(true);
        else expect(words.length).toBe(text.length);
        expect(/[\ud800-\udbff]…$/.test(words)).toBe(false);
      }),
      { ...RUNS, numRuns: 200 },
    );
  });

  it("the issue's program names arrive as words", () => {
    const body = JSON.parse(bodyOf("slack", "program-shared", messageOf("https://evil.example/login *bold*"))) as { text: string };
    expect(body.text).toBe(
      `https\uA789//evil\u2024example/login \u2217bold\u2217 <${HUB_URL.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}|Open in the hub>`,
    );
  });
});

describe("any other receiver: the message as JSON", () => {
  it("carries the event, the words, the link and the facts exactly", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const message = messageOf(text);
        expect(JSON.parse(bodyOf("generic", "link-failing", message))).toEqual({ event: "link-failing", ...message });
      }),
      RUNS,
    );
  });

  it("is signed as receivers verify it: HMAC-SHA256 of '<timestamp>.<body>', compared in constant time", () => {
    const body = bodyOf("generic", "test", messageOf("Test"));
    const headers = headersOf("generic", "d1", 1_700_000_000, body, "whsec_s") as Record<string, string>;
    const expected = Buffer.from(`sha256=${createHmac("sha256", "whsec_s").update(`1700000000.${body}`).digest("hex")}`);
    expect(timingSafeEqual(Buffer.from(headers["x-hub-signature-256"]!), expected)).toBe(true);
    expect(headers).toMatchObject({ "x-hub-delivery": "d1", "x-hub-timestamp": "1700000000" });
    expect(signatureOf("whsec_t", 1_700_000_000, body)).not.toBe(headers["x-hub-signature-256"]);
    // Discord and Slack verify nothing: they get no signature
    expect(headersOf("slack", "d1", 1, body, "whsec_s")).not.toHaveProperty("x-hub-signature-256");
    expect(headersOf("discord", "d1", 1, body, "whsec_s")).not.toHaveProperty("x-hub-signature-256");
    expect(headersOf("generic", "d1", 1, body, null)).not.toHaveProperty("x-hub-signature-256");
  });
});

describe("the format a host gets, by its host as DNS reads it", () => {
  it.each([
    ["https://discord.com/api/webhooks/1/x", "discord"],
    ["https://DISCORDAPP.COM./api/webhooks/1/x", "discord"],
    ["https://hooks.slack.com./services/T/B/x", "slack"],
    ["https://Hooks.Slack.Com/services/T/B/x", "slack"],
    ["https://hooks.slack.com.evil.example/services", "generic"],
    ["https://evil.example/hooks.slack.com", "generic"],
    ["https://discord.com../x", "generic"],
  ])("%s gets the %s format", (url, format) => {
    expect(formatOf(url)).toBe(format);
  });
});

describe("Discord: what the receiver shows of line breaks, control characters and long texts", () => {
  const contentOf = (text: string, url = HUB_URL) =>
    (JSON.parse(bodyOf("discord", "terms-changed", { text, url, data: {} })) as { content: string }).content;

  it("shows Windows and old Mac line breaks as one line break each", () => {
    expect(contentOf("one\r\ntwo\rthree\nfour")).toBe(`one\ntwo\nthree\nfour\n${HUB_URL}`);
    expect(contentOf("a\r\r\nb")).toBe(`a\n\nb\n${HUB_URL}`);
  });

  it("shows each control character (C0, DEL, C1) as a space, and keeps every other character", () => {
    expect(contentOf("a\u0000b\tc\u001fd\u007fe\u0085f\u009fg\u00a0h")).toBe(`a b c d e f g\u00a0h\n${HUB_URL}`);
    expect(contentOf("é 😀 漢字 \u200b")).toBe(`é 😀 漢字 \u200b\n${HUB_URL}`);
  });

  it("escapes each of Discord's markdown characters with one backslash", () => {
    expect(contentOf("\\*_~`|>#[]()<@:-")).toBe(`${"\\*_~`|>#[]()<@:-".replace(/./g, (c) => `\\${c}`)}\n${HUB_URL}`);
    expect(contentOf("plain words, 60,000 points!")).toBe(`plain words, 60,000 points!\n${HUB_URL}`);
  });

  it("keeps words that fit exactly, whole and without an ellipsis", () => {
    const room = DISCORD_CONTENT_MAX - `\n${HUB_URL}`.length;
    const exact = "a".repeat(room);
    expect(contentOf(exact)).toBe(`${exact}\n${HUB_URL}`);
    expect(contentOf(`${exact}b`)).toBe(`${"a".repeat(room - 1)}…\n${HUB_URL}`);
  });

  it("cuts a text longer than Discord could ever show, even when its line breaks shrink it to fit", () => {
    // 2,000 characters that read as 1,500: all of them shown
    const crlf = "ab\r\n".repeat(500);
    expect(contentOf(crlf)).toBe(`${"ab\n".repeat(500)}\n${HUB_URL}`);
    // one more, beyond what is read at all: the words end with an ellipsis
    expect(contentOf(`${crlf}z`)).toBe(`${"ab\n".repeat(500)}…\n${HUB_URL}`);
  });

  it("never ends cut words with an escape's lone backslash, nor half a character", () => {
    const room = DISCORD_CONTENT_MAX - `\n${HUB_URL}`.length;
    // the cut falls between a backslash and the character it escapes
    const escapes = `${"a".repeat(room - 2)}**`;
    expect(contentOf(escapes)).toBe(`${"a".repeat(room - 2)}…\n${HUB_URL}`);
    // an escaped backslash (two of them) before the cut is kept whole
    const backslash = `${"a".repeat(room - 3)}\\zz`;
    expect(contentOf(backslash)).toBe(`${"a".repeat(room - 3)}\\\\…\n${HUB_URL}`);
    // the cut falls inside an emoji
    const emoji = `${"a".repeat(room - 2)}😀b`;
    expect(contentOf(emoji)).toBe(`${"a".repeat(room - 2)}…\n${HUB_URL}`);
  });
});

describe("Slack: the hub's link", () => {
  it("escapes Slack's three control characters in the hub's own address", () => {
    const body = JSON.parse(bodyOf("slack", "test", { text: "Test", url: "https://hub.example/a?x=<1>&y=2", data: {} })) as {
      text: string;
    };
    expect(body.text).toBe("Test <https://hub.example/a?x=&lt;1&gt;&amp;y=2|Open in the hub>");
  });

  it("writes each line break, and each run of them, as one space", () => {
    const body = JSON.parse(bodyOf("slack", "test", { text: "a\r\n\r\nb\u2028c\u2029\nd", url: "https://hub.example/", data: {} })) as {
      text: string;
    };
    expect(body.text).toBe("a b c d <https://hub.example/|Open in the hub>");
  });
});

describe("the format of an address that is not one", () => {
  it("is the generic one", () => {
    expect(formatOf("not a url")).toBe("generic");
    expect(formatOf("https://")).toBe("generic");
  });
});

describe("Slack: a long text", () => {
  const wordsOf = (text: string) => {
    const sent = (JSON.parse(bodyOf("slack", "terms-changed", messageOf(text))) as { text: string }).text;
    return sent.slice(0, sent.lastIndexOf(" <"));
  };

  it("keeps 3,000 characters whole, and cuts one more to 2,999 and an ellipsis", () => {
    expect(wordsOf("a".repeat(3_000))).toBe("a".repeat(3_000));
    expect(wordsOf("a".repeat(3_001))).toBe(`${"a".repeat(2_999)}…`);
  });

  it("never keeps half a character at the cut", () => {
    expect(wordsOf(`${"a".repeat(2_998)}😀b`)).toBe(`${"a".repeat(2_998)}…`);
    expect(wordsOf(`😀${"a".repeat(3_000)}`)).toBe(`😀${"a".repeat(2_997)}…`);
  });
});
