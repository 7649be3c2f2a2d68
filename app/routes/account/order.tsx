import { Link } from "react-router";
import { BOOKING_COPY, OrderCard, orderTitle, updateGamerTagsSchema } from "~/features/booking";
import { getOrder, updateGamerTags } from "~/features/booking/index.server";
import { badRequest } from "~/lib/errors";
import { cloudflareContext } from "~/platform/context";
import { orErrorPage } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction, says, signedIn } from "~/routes/_lib/page-action.server";
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
/** The tags as sent, by id: a refused save shows them again as typed (an empty box empty). */
const withSent = (error: string, status: number, { formData }: { formData: FormData }) =>
  says(error, status, { sent: sentTags(formData) });

export const action = pageAction({
  guard: signedIn,
  intents: {
    gamertags: {
      schema: updateGamerTagsSchema,
      run: (value, { env, viewer, params }) => {
        if (value.order_id !== params.orderId) throw badRequest("Check the gamer tags");
        return updateGamerTags(env, viewer, {
          orderId: params.orderId,
          slotId: value.slot_id,
          changes: value.updatedGamerTagsWithId.map((t) => ({ id: t._id, gamertag: t.gamerTag })),
        });
      },
      success: () => ({ to: "/profile#orders", message: BOOKING_COPY.gamertagsUpdated }),
      invalid: (page, message) => withSent(message ?? "Check the gamer tags", 400, page),
      refused: (error, page) => withSent(error.message, error.status, page),
    },
  },
  otherwise: "gamertags",
});

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10">
      <Link to="/profile#orders" className="text-sm text-zinc-400 hover:underline">
        ← Your orders
      </Link>
      <h1 className="text-2xl font-bold">{orderTitle(loaderData.order)}</h1>
      <ul>
        <OrderCard
          order={loaderData.order}
          gamerTagsError={actionData?.error}
          sentGamerTags={(actionData as { sent?: ReturnType<typeof sentTags> } | undefined)?.sent}
        />
      </ul>
    </main>
  );
}
