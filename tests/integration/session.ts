import { env } from "cloudflare:workers";
import { hashPassword } from "~/features/auth/password.server";
import { createSession } from "~/features/auth/session.server";
import { createUser, setPasswordHash } from "../factories";

/** A user (with a password when given) and a session cookie for them. */
export async function loggedInUser(overrides: Parameters<typeof createUser>[1] = {}, password?: string) {
  const user = await createUser(env.DB, overrides);
  if (password) {
    await setPasswordHash(env.DB, user.id, await hashPassword(password));
  }
  const setCookie = await createSession(env, user.id);
  return { user, cookie: setCookie.split(";")[0] ?? "" };
}
