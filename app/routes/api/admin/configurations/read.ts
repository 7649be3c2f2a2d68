import { getConfiguration, listConfigurations } from "~/features/configurations/index.server";
import { jsonLoader } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/configurations (an array of {key, value}) and /api/get/configurations/:key */
export const loader = jsonLoader({ auth: true, staff: "configurations" }, async ({ env, viewer, params }) =>
  params.key
    ? { configuration: await getConfiguration(env, viewer, params.key) }
    : { configurations: await listConfigurations(env, viewer) },
);
