import { refreshTokenSchema } from "~/features/auth";
import { rotateRefreshToken } from "~/features/auth/index.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/auth/refresh-token {refreshToken} → {accessToken, refreshToken, accessTokenExpiresAt}. The
 * presented token is used up; presenting it again revokes every token of that login (docs/decisions/007).
 */
export const action = jsonAction({ schema: refreshTokenSchema }, async ({ env, input }) =>
  jsonOk(await rotateRefreshToken(env, input.refreshToken), { "Cache-Control": "no-store" }),
);
