import { describe, expect, it } from "vitest";
import { setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { contexts, DEMO_FAN, signedIn } from "./demo-fan";

const browser = setupBrowser();
const context = contexts(browser, "Asia/Kolkata", 170);

/**
 * "Your data and your account" (/profile/data) at 390 px, with JavaScript on and off: the JSON download, then closing
 * the account by password (signed out, told the date), and signing in again, which keeps it. Each run uses an account
 * of its own (the demo accounts' password, copied), never a shared demo account.
 */
function ownAccount(tag: string) {
  const id = `usr_e2e_close_${tag}_${Date.now().toString(36)}`;
  const email = `${id}@example.com`;
  queryE2E(
    `INSERT INTO users (id, username, full_name, email, email_verified_at, country) VALUES ('${id}', '${id.slice(-24)}', 'Closing Fan', '${email}', 1, 'IN')`,
  );
  queryE2E(
    `INSERT INTO credentials (user_id, password_hash) SELECT '${id}', password_hash FROM credentials WHERE user_id = '${DEMO_FAN.id}'`,
  );
  return { id, email };
}

describe.each([true, false])("your data and your account (JavaScript %s)", (javaScript) => {
  it("downloads the data, closes the account by password, and a sign-in keeps it", async () => {
    const account = ownAccount(javaScript ? "js" : "nojs");
    const page = await (await context(javaScript)).newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(DEMO_FAN.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await signedIn(page);

    await page.goto("/profile/data");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download everything (JSON)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^noobrd-data-\d{4}-\d\d-\d\d\.json$/);

    await page.getByLabel("Your password").fill(DEMO_FAN.password);
    await page.getByRole("button", { name: "Close my account" }).click();
    await page
      .getByText(/Your account will be closed on .+\. Sign in before then to keep it\./)
      .first()
      .waitFor();
    const [closure] = queryE2E<{ status: string }>(
      `SELECT status FROM account_closures WHERE user_id = '${account.id}'`,
    );
    expect(closure?.status).toBe("pending");
    await page.goto("/profile/data");
    expect(new URL(page.url()).pathname).toBe("/login");

    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(DEMO_FAN.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await signedIn(page);
    const [kept] = queryE2E<{ status: string }>(`SELECT status FROM account_closures WHERE user_id = '${account.id}'`);
    expect(kept?.status).toBe("cancelled");
    await page.close();
  });
});
