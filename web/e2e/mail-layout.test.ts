import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allAccessibilityViolations } from "../../testing/browser/axe";
import { saveScreenshot, useBrowser } from "../../testing/browser/browser";
import { expectNoLayoutProblems } from "../../testing/browser/layout";
import { sampleMails, type OutgoingMail } from "../../testing/mail-samples";

/*
 * Issue 43: the digest and every other mail, read on a 375 px phone in light and in dark, fit the
 * screen (nothing runs past its edge or is cut), their buttons are a fingertip's size, and axe finds
 * nothing. The mails are built by their templates from sample content as long as real content gets
 * (testing/mail-samples.ts) and shown as a mail app shows them: the HTML alone, no app, no server;
 * so this file needs neither the local suite nor APP_URL.
 */

const browser = useBrowser();
const WIDTH = 375;
const PHONE = { viewport: { width: WIDTH, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
const TOUCH_TARGET = 44;
/**
 * A mail is read inside a mail client's page, which has its own main landmark: the mail is an
 * article there (layout.tsx), so axe's rules for a whole page's landmarks do not apply to it.
 */
const NOT_A_PAGE = ["landmark-one-main", "region"];
/** The card's background in each scheme (functions/src/platform/mail/theme.ts): proof the scheme took. */
const CARD = { light: "rgb(255, 255, 255)", dark: "rgb(31, 41, 55)" } as const;

let mails: Record<string, OutgoingMail>;
beforeAll(async () => {
  mails = await sampleMails();
});

describe("every mail on a 375 px phone", () => {
  for (const scheme of ["light", "dark"] as const) {
    describe(scheme, () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        context = await browser().newContext({ ...PHONE, locale: "en-US", colorScheme: scheme });
        page = await context.newPage();
      });
      afterAll(() => context.close());

      it("fits the screen, with buttons a thumb can press and nothing axe finds", async () => {
        expect(Object.keys(mails).sort()).toEqual(
          ["dead-link", "digest", "failing-link", "login", "offer-ending", "terms-changed", "terms-unreachable"].sort(),
        );
        for (const [name, mail] of Object.entries(mails)) {
          const label = `${name} mail (${scheme})`;
          await page.setContent(mail.html, { waitUntil: "load" });
          await page.emulateMedia({ colorScheme: scheme });
          expect(await page.evaluate(() => getComputedStyle(document.querySelector(".mail-card")!).backgroundColor), label).toBe(
            CARD[scheme],
          );
          // what runs past the edge, named; then the page's width, which also catches a mail without a viewport meta (laid out at 980 px)
          await expectNoLayoutProblems(page, label);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(WIDTH);
          await expectNoLayoutProblems(page, `${label}: touch targets`, { minTarget: TOUCH_TARGET });
          if (name === "digest") await saveScreenshot(page, `mail-digest-${scheme}`);
          expect(await allAccessibilityViolations(page, NOT_A_PAGE), label).toEqual([]);
        }
      });
    });
  }
});
