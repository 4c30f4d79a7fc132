import { beforeEach, describe, expect, it } from "vitest";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";
import { clearInbox } from "../../testing/inbox";
import { resetEmulators } from "../../testing/emulators";
import { routePath } from "../../testing/http";

const browser = useBrowser();

beforeEach(async () => {
  await resetEmulators();
  await clearInbox();
});

describe("a member's links", () => {
  it("submits a link with a new program, sees it pending, edits it and deletes it", async () => {
    const { context, page } = await newPage(browser());
    await signInAsMember(page, "active@example.com");
    await page.getByRole("heading", { name: "Your Links (0)" }).waitFor();

    await page.goto("/submit");
    await page.getByRole("heading", { name: "Submit Referral Link" }).waitFor();
    // the e-mail is the member's own
    expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe("active@example.com");

    // the form says what is missing, in the contract's words
    await page.getByRole("button", { name: "Submit Link" }).click();
    await page.getByText("Name is required").waitFor();
    await page.getByText("Offer details are required").waitFor();
    await page.getByText("Please select a program").waitFor();

    await page.getByRole("textbox", { name: "Your Name" }).fill("Alice Active");
    await page.getByRole("textbox", { name: "Referral Link" }).fill("javascript:alert(1)");
    await page.getByRole("textbox", { name: "Offer Details" }).fill("60,000 points after $4,000 spend");
    await page.getByRole("combobox", { name: "Program" }).click();
    await page.getByRole("option", { name: "Create New Program" }).click();
    await page.getByRole("textbox", { name: "Program Name" }).fill("Chase Sapphire Preferred");
    await page.getByRole("button", { name: "Submit Link" }).click();
    await page.getByText("Invalid URL").first().waitFor();
    await screenshot(page, "links-01-submit-errors");

    await page.getByRole("textbox", { name: "Referral Link" }).fill("https://refer.example.com/sapphire/alice");
    await page.getByRole("button", { name: "Submit Link" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Your Links (1)" }).waitFor();
    const card = page.getByRole("article").filter({ hasText: "Chase Sapphire Preferred" });
    await card.getByText("Pending").first().waitFor();
    await screenshot(page, "links-02-dashboard-pending");

    await page.getByRole("button", { name: "Edit link for Chase Sapphire Preferred" }).click();
    const offer = page.getByRole("dialog").getByRole("textbox", { name: "Offer Details" });
    await offer.fill("75,000 points after $4,000 spend");
    await screenshot(page, "links-03-edit-dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
    await card.getByText("75,000 points after $4,000 spend").waitFor();

    await page.getByRole("button", { name: "Delete link for Chase Sapphire Preferred" }).click();
    await screenshot(page, "links-04-delete-confirm");
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("heading", { name: "Your Links (0)" }).waitFor();
    await context.close();
  });

  it("hides programs the member already has a link in, keeping 'Create New Program' last", async () => {
    const { context, page } = await newPage(browser());
    await signInAsMember(page, "active@example.com");
    await page.goto("/submit");
    await page.getByRole("textbox", { name: "Your Name" }).fill("Alice");
    await page.getByRole("textbox", { name: "Referral Link" }).fill("https://refer.example.com/a");
    await page.getByRole("textbox", { name: "Offer Details" }).fill("Offer");
    await page.getByRole("combobox", { name: "Program" }).click();
    await page.getByRole("option", { name: "Create New Program" }).click();
    await page.getByRole("textbox", { name: "Program Name" }).fill("Amex Gold");
    await page.getByRole("button", { name: "Submit Link" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/submit");
    await page.getByRole("combobox", { name: "Program" }).click();
    // already linked: hidden from the picker, 'Create New Program' stays last
    const options = await page.getByRole("option").allTextContents();
    expect(options.some((o) => o.includes("Amex Gold"))).toBe(false);
    expect(options.at(-1)).toBe("Create New Program");
    await context.close();
  });

  it("offers no program the member has a link in while their links are still on the way", async () => {
    const { context, page } = await newPage(browser());
    await signInAsMember(page, "active@example.com");
    await page.goto("/submit");
    await page.getByRole("textbox", { name: "Your Name" }).fill("Alice");
    await page.getByRole("textbox", { name: "Referral Link" }).fill("https://refer.example.com/a");
    await page.getByRole("textbox", { name: "Offer Details" }).fill("Offer");
    await page.getByRole("combobox", { name: "Program" }).click();
    await page.getByRole("option", { name: "Create New Program" }).click();
    await page.getByRole("textbox", { name: "Program Name" }).fill("Amex Gold");
    await page.getByRole("button", { name: "Submit Link" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    // the member's links answer only after the programs have: the picker must not offer Amex Gold meanwhile
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${routePath("listOwnLinks")}`, async (route) => {
      await held;
      await route.continue();
    });
    const programsAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === routePath("listPrograms"));
    await page.goto("/submit");
    await programsAnswered;
    await page.getByRole("combobox", { name: "Program" }).click();
    expect((await page.getByRole("option").allTextContents()).some((o) => o.includes("Amex Gold"))).toBe(false);
    release();
    await context.close();
  });
});
