import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./browser";
import { signedIn } from "./demo-fan";
import { codeIn, latestEmail } from "./outbox";

/**
 * Discord and Google sign-in in a real browser, against the stand-in provider the Worker mounts at
 * /__stand-in/oauth (development settings in wrangler.toml), with JavaScript off and on.
 */
const browser = setupBrowser();

function uniqueTag(tag: string) {
  return `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** On the stand-in's consent page: make up an identity (no email unless given). */
async function consentAsNewIdentity(page: Page, identity: { id: string; name: string; email?: string }) {
  await page.getByRole("heading", { name: /local stand-in/ }).waitFor();
  await page.locator('input[name="custom_id"]').fill(identity.id);
  await page.locator('input[name="custom_name"]').fill(identity.name);
  if (identity.email) await page.locator('input[name="custom_email"]').fill(identity.email);
  await page.getByRole("button", { name: "Continue as this identity" }).click();
}

async function expectLoggedIn(page: Page) {
  await signedIn(page);
}

async function chooseCountry(page: Page, country: string) {
  await page.getByRole("heading", { name: "Where do you play from?" }).waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/country-capture\//);
  await page.getByLabel("Country").selectOption(country);
  await page.getByRole("button", { name: "Continue" }).click();
}

describe.each([false, true])("social sign-in against the stand-in (JavaScript %s)", (javaScript) => {
  it("Discord without an email: email capture with a code, country capture, logged in; next time straight in", async () => {
    const context = await browser.context({ javaScript });
    const page = await context.newPage();
    const tag = uniqueTag(javaScript ? "js" : "nojs");
    const email = `discord.${tag}@example.com`;

    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Discord" }).click();
    await page.waitForURL(/\/__stand-in\/oauth\/discord\/authorize\?/);
    await consentAsNewIdentity(page, { id: `d-${tag}`, name: "Quiet Player" });

    await page.getByRole("heading", { name: "Add your email" }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/email-capture\//);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByLabel("Code").fill(codeIn(await latestEmail(email, /Confirm/)));
    await page.getByRole("button", { name: "Confirm email" }).click();

    await chooseCountry(page, "IN");
    await expectLoggedIn(page);
    expect(new URL(page.url()).pathname).toBe("/");

    // Log out, then sign in again with the same identity: it is linked, nothing is asked.
    await context.clearCookies();
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Discord" }).click();
    await consentAsNewIdentity(page, { id: `d-${tag}`, name: "Quiet Player" });
    await expectLoggedIn(page);
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("Google with a verified email from sign-up: country capture, then back to the page that asked", async () => {
    const context = await browser.context({ javaScript });
    const page = await context.newPage();
    const tag = uniqueTag(javaScript ? "js" : "nojs");

    await page.goto("/login?redirectTo=/contact-us");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await consentAsNewIdentity(page, { id: `g-${tag}`, name: "Grace Player", email: `google.${tag}@example.com` });

    await chooseCountry(page, "US");
    await expectLoggedIn(page);
    expect(new URL(page.url()).pathname).toBe("/contact-us");
    await context.close();
  });

  it("shows the provider's refusal on the login page when the user cancels", async () => {
    const context = await browser.context({ javaScript });
    const page = await context.newPage();
    await page.goto("/signup");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByText("Google sign-in was cancelled.").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });
});
