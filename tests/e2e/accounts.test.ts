import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./browser";
import { signedIn } from "./demo-fan";
import { codeIn, latestEmail, linkIn } from "./outbox";

const browser = setupBrowser();

// 1x1 PNG
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function uniqueAccount(tag: string) {
  const id = `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  return { username: `e2e_${id}`, email: `e2e.${id}@example.com`, password: "E2e-pass-2026" };
}

async function signUp(page: Page, account: ReturnType<typeof uniqueAccount>) {
  await page.goto("/signup");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel("Country").selectOption("IN");
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
}

async function expectLoggedIn(page: Page) {
  await signedIn(page);
}

async function logOut(page: Page, javaScript: boolean) {
  await page.getByRole("link", { name: "Log out" }).click();
  if (javaScript) await page.getByRole("dialog").getByRole("button", { name: "Yes, log out" }).click();
  else await page.getByRole("button", { name: "Yes, log out" }).click();
  await page.getByText("Successfully Logged Out").first().waitFor();
  await page.getByText("Sign up / Sign in").waitFor();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expectLoggedIn(page);
}

describe.each([false, true])("a new user's account journey (JavaScript %s)", (javaScript) => {
  it("signs up and verifies by code, edits the profile, uploads a picture, logs out and back in", async () => {
    const context = await browser.context({ javaScript });
    const page = await context.newPage();
    const account = uniqueAccount(javaScript ? "js" : "nojs");
    await signUp(page, account);
    const email = await latestEmail(account.email, /Verify/);
    await page.getByLabel("Verification code").fill(codeIn(email));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Verify successfully").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await expectLoggedIn(page);

    await page.goto("/profile");
    await page.getByLabel("About you").fill("Support main, plays after work.");
    await page.getByRole("button", { name: "Save bio" }).click();
    await page.getByText("Bio updated successfully").first().waitFor();
    expect(await page.getByLabel("About you").inputValue()).toBe("Support main, plays after work.");

    await page.locator("#picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await page.getByText("Profile picture updated successfully").first().waitFor();
    const src = await page.getByRole("img", { name: "Your profile" }).getAttribute("src");
    expect(src).toMatch(/^\/media\/avatars\//);

    await logOut(page, javaScript);
    await logIn(page, account.email, account.password);
    await context.close();
  });

  it("verifies by link, resets a forgotten password and changes email", async () => {
    const context = await browser.context({ javaScript });
    const page = await context.newPage();
    const account = uniqueAccount(javaScript ? "jsl" : "nojsl");
    await signUp(page, account);
    const verification = await latestEmail(account.email, /Verify/);
    await page.goto(linkIn(verification, /\/signup\/verify\//));
    await expectLoggedIn(page);
    await logOut(page, javaScript);

    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("If an account exists for that email").waitFor();
    const reset = await latestEmail(account.email, /Reset/);
    await page.goto(linkIn(reset, /\/reset-password\//));
    await page.getByLabel("New password", { exact: true }).fill("Reset-pass-2026");
    await page.getByLabel("Confirm password").fill("Reset-pass-2026");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByText("Password updated successfully").first().waitFor();
    await expectLoggedIn(page);

    const newEmail = account.email.replace("e2e.", "e2e.new.");
    await page.goto("/profile");
    await page.getByLabel("New email").fill(newEmail);
    await page.getByRole("button", { name: "Send code to new email" }).click();
    await page.getByRole("heading", { name: "Confirm your new email" }).waitFor();
    await page.getByLabel("Code").fill(codeIn(await latestEmail(newEmail, /new Noobrd email/)));
    await page.getByRole("button", { name: "Confirm email" }).click();
    await page.getByText("Email updated successfully").first().waitFor();
    expect(await page.locator("main header").textContent()).toContain(newEmail);

    await logOut(page, javaScript);
    await logIn(page, newEmail, "Reset-pass-2026");
    await context.close();
  });
});
