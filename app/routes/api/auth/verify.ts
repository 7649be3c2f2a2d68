import { AUTH_COPY } from "~/features/auth";
import { verifyEmailByLink } from "~/features/auth/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/auth/verify/:token: the emailed link's token. */
export const action = jsonAction({}, async ({ env, params }) => {
  const result = await verifyEmailByLink(env, params.token ?? "");
  return { ...result, message: AUTH_COPY.verified };
});
