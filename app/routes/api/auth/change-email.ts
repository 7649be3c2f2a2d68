import { AUTH_COPY, changeEmailSchema } from "~/features/auth";
import { requestEmailChange } from "~/features/auth/index.server";
import { clientIp, publicOrigin } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/auth/user/change-email/:id and /rechange-email/:id { email }: only for the logged-in user's own id. */
export const action = jsonAction(
  { schema: changeEmailSchema, auth: true },
  async ({ request, env, params, input, viewer }) => {
    const result = await requestEmailChange(env, viewer, params.id ?? "", input.email, {
      ip: clientIp(request, env),
      origin: publicOrigin(request, env),
    });
    return { ...result, message: AUTH_COPY.emailChangeSent };
  },
);
