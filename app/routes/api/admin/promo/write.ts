import { PROMO_ADMIN_COPY, promoActiveSchema, promoCodeSchema } from "~/features/promo";
import { createPromoCode, deletePromoCode, setPromoCodeActive, updatePromoCode } from "~/features/promo/index.server";
import { badRequest } from "~/lib/errors";
import { readBody } from "~/platform/http.server";
import { jsonAction, parseInput } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/create-promo-code, POST /api/update-promo-code/:id (the whole code, or just {isActive} to switch it
 * on or off) and DELETE /api/delete-promo-code/:id. Bodies are JSON or form data, in the page form's terms
 * (value in percent or major units).
 */
export const action = jsonAction(
  { auth: true, staff: "promoCodes", methods: ["POST", "DELETE"] },
  async ({ request, env, viewer, params }) => {
    const path = new URL(request.url).pathname;
    if (path.includes("/delete-promo-code/")) {
      if (request.method !== "DELETE") throw badRequest("Use DELETE");
      return { message: PROMO_ADMIN_COPY.deleted, ...(await deletePromoCode(env, viewer, params.id ?? "")) };
    }
    if (request.method !== "POST") throw badRequest("Use POST");
    const body = (await readBody(request)) ?? {};
    const id = params.id ?? "";
    if (path.includes("/update-promo-code/") && !("code" in body)) {
      const parsed = parseInput(promoActiveSchema, { ...body, id });
      const result = await setPromoCodeActive(env, viewer, id, parsed.isActive);
      return { message: result.isActive ? PROMO_ADMIN_COPY.activated : PROMO_ADMIN_COPY.deactivated, ...result };
    }
    const parsed = parseInput(promoCodeSchema, body);
    if (path.includes("/update-promo-code/")) {
      return { message: PROMO_ADMIN_COPY.updated, ...(await updatePromoCode(env, viewer, id, parsed)) };
    }
    return { message: PROMO_ADMIN_COPY.created, ...(await createPromoCode(env, viewer, parsed)) };
  },
);
