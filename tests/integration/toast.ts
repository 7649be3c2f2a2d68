import { env } from "cloudflare:workers";
import { takeToast } from "~/platform/toast.server";
import { ORIGIN } from "./app";

/** The toast a response hands over in its flash cookie, read back with the app's own reader (null if none). */
export async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("toast="))
    ?.split(";")[0];
  if (!cookie) return null;
  return (await takeToast(new Request(ORIGIN, { headers: { Cookie: cookie } }), env)).toast;
}
