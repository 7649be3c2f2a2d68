import { closeAccountSchema } from "~/features/account-closure";
import { requestClosure } from "~/features/account-closure/index.server";
import { destroySession } from "~/features/auth/index.server";
import { publicOrigin } from "~/platform/http.server";
import { viewerTimeZone } from "~/routes/_lib/viewer-zone.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/user/close-account {password} | {handle, code}: asks to close the signed-in account (erased after 14
 * days unless its owner signs in). Refused with 409 and what to do while money is owed. Signs out everywhere.
 */
export const action = jsonAction(
  { schema: closeAccountSchema, auth: true },
  async ({ request, context, env, input, viewer }) => {
    const meta = { origin: publicOrigin(request, env), timeZone: await viewerTimeZone(request, context) };
    const { eraseAfter } = await requestClosure(env, viewer, input, meta);
    return jsonOk({ eraseAfter: eraseAfter.toISOString() }, { "Set-Cookie": await destroySession(request, env) });
  },
);
