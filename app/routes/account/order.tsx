import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { BOOKING_COPY, OrderCard, orderTitle, updateGamerTagsSchema } from "~/features/booking";
import { getOrder, updateGamerTags } from "~/features/booking/index.server";
import { cloudflareContext } from "~/platform/context";
import { redirectWithToast } from "~/platform/toast.server";
import { errorReply, orErrorPage, settle } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/order";

export const meta = () => [{ title: "Your order | Noobrd" }];

/** /profile/orders/:orderId: one order (the buyer, the streamer paid or order staff; anyone else 404). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await requireUser(request, env);
  return { order: await orErrorPage(getOrder(env, viewer, params.orderId)) };
}

/** `updatedGamerTagsWithId[i]._id` and `.gamerTag` pairs as posted, by id. */
function sentTags(formData: FormData): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const [name, value] of formData) {
    const index = name.match(/^updatedGamerTagsWithId\[(\d+)\]\._id$/)?.[1];
    if (index === undefined || typeof value !== "string") continue;
    const tag = formData.get(`updatedGamerTagsWithId[${index}].gamerTag`);
    if (typeof tag === "string") sent[value] = tag;
  }
  return sent;
}

/** The gamer tags form of an order (from /profile or this page): 'Gamertags updated successfully'. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await requireUser(request, env);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: updateGamerTagsSchema });
  // The tags as sent, by id: a refused save shows them again as typed (an empty box empty).
  const sent = sentTags(formData);
  if (submission.status !== "success" || submission.value.order_id !== params.orderId) {
    const errors = submission.status === "success" ? [] : Object.values(submission.error ?? {}).flat();
    return data({ error: errors.find((e): e is string => !!e) ?? "Check the gamer tags", sent }, { status: 400 });
  }
  const updated = await settle(
    updateGamerTags(env, viewer, {
      orderId: params.orderId,
      slotId: submission.value.slot_id,
      changes: submission.value.updatedGamerTagsWithId.map((t) => ({ id: t._id, gamertag: t.gamerTag })),
    }),
  );
  if (!updated.ok) return errorReply(updated.error, { sent });
  return redirectWithToast(env, "/profile#orders", { kind: "success", message: BOOKING_COPY.gamertagsUpdated });
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10">
      <Link to="/profile#orders" className="text-sm text-zinc-400 hover:underline">
        ← Your orders
      </Link>
      <h1 className="text-2xl font-bold">{orderTitle(loaderData.order)}</h1>
      <ul>
        <OrderCard order={loaderData.order} gamerTagsError={actionData?.error} sentGamerTags={actionData?.sent} />
      </ul>
    </main>
  );
}
