import { sendClosureCode } from "~/features/account-closure/index.server";
import { publicOrigin } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/user/close-account/send-code: emails a code to confirm closing (accounts without a password). */
export const action = jsonAction({ auth: true }, async ({ request, env, viewer }) =>
  sendClosureCode(env, viewer, publicOrigin(request, env)),
);
