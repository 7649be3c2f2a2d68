import type { BrowserContext, Page } from "playwright-core";
import { createCookie } from "react-router";
import { DEV_SESSION_SECRET } from "../../app/platform/env.server";
import { createUser } from "../factories";
import { createSessions } from "../session-factories";
import { e2eD1 } from "./db";

/** Helpers the staff browser tests share: contexts with their own client address, the staff login, a fresh fan. */
export const STAFF_PASSWORD = "Demo-pass-2026";

let ipCounter = 150;
export async function staffContext(
  browser: { context: (o: { javaScript: boolean; timezoneId?: string }) => Promise<BrowserContext> },
  javaScript: boolean,
): Promise<BrowserContext> {
  const context = await browser.context({ javaScript, timezoneId: "UTC" });
  ipCounter += 1;
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": `198.51.100.${ipCounter}` });
  return context;
}

/** Opens `then` as anonymous, is sent to the staff login, logs in, and lands back on `then`. */
export async function staffLogIn(page: Page, email: string, then: string) {
  await page.goto(then);
  // The URL is enough: the form's fields are waited for below, so a slow image or font cannot hold the login up.
  await page.waitForURL((url) => url.pathname === "/admin/login", { waitUntil: "commit" });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === then.split("?")[0]);
}

const sessionCookie = createCookie("session", {
  httpOnly: true,
  secure: true,
  sameSite: "lax",
  path: "/",
  secrets: [DEV_SESSION_SECRET],
});

/** A new verified fan with a live session (as a login would leave it), for tests that act on the account. */
export async function freshFan(prefix: string) {
  const stamp = Date.now().toString(36);
  const username = `${prefix}_${stamp}`;
  const user = await createUser(e2eD1, {
    id: `usr_${prefix}_${stamp}`,
    username,
    fullName: "Fresh Fan",
    email: `usr_${prefix}_${stamp}@e2e.test`,
  });
  const [cookie] = await sessionsFor([user.id]);
  if (!cookie) throw new Error("no session made");
  return { id: user.id, username, cookie };
}

/**
 * Live sessions (as a login would leave them) for existing accounts, made in one database call: for tests that
 * visit pages as several people and do not test the login itself.
 */
export async function sessionsFor(userIds: readonly string[]) {
  const made = await createSessions(e2eD1, userIds);
  return Promise.all(
    made.map(async ({ token }) => {
      const value = ((await sessionCookie.serialize(token)).split(";")[0] ?? "").slice("session=".length);
      return { name: "session", value };
    }),
  );
}
