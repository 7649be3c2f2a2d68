import { addConfigSchema, CONFIG_COPY, CONFIG_KEYS, updateConfigSchema } from "~/features/configurations";
import { addConfiguration, deleteConfiguration, updateConfiguration } from "~/features/configurations/index.server";
import { readBody } from "~/platform/http.server";
import { jsonAction, parseInput } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/add/configurations {key, value, description}, /api/update/configurations/:key {value, description},
 * /api/update/platform_fees {value} (the default platform fee, percent) and /api/delete/configurations/:key.
 * `value` is JSON text (or, in a JSON body, a JSON value other than a string).
 */
export const action = jsonAction({ auth: true, staff: "configurations" }, async ({ request, env, viewer, params }) => {
  const path = new URL(request.url).pathname;
  if (path.includes("/delete/configurations/")) {
    return { message: CONFIG_COPY.deleted, ...(await deleteConfiguration(env, viewer, params.key ?? "")) };
  }
  const body = (await readBody(request)) ?? {};
  if (path.includes("/add/configurations")) {
    const input = parseInput(addConfigSchema, body);
    return { message: CONFIG_COPY.added, ...(await addConfiguration(env, viewer, input)) };
  }
  const input = parseInput(updateConfigSchema, body);
  const key = path.endsWith("/update/platform_fees") ? CONFIG_KEYS.platformFees : (params.key ?? "");
  return { message: CONFIG_COPY.updated, ...(await updateConfiguration(env, viewer, key, input)) };
});
