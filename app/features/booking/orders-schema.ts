import { isPlaceholderText } from "~/lib/placeholder-text";
import { z } from "~/lib/zod";
import { REFUND_DESTINATIONS } from "./cancellation-policy";
import { BOOKING_COPY } from "./copy";
import { MOVE_OFFER_CHOICES } from "./move-offer-policy";
import { MAX_ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE, type OrderSection } from "./order-view";
import { GAMERTAG_MAX_LENGTH } from "./rules";

/** Zod inputs of the after-purchase calls, shared by the /profile forms and the /api routes. */
const id = z.string().trim().min(1).max(64);
const optionalId = z.preprocess((value) => (value === "" || value === null ? undefined : value), id.optional());

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const MONTH_REQUIRED = BOOKING_COPY.yearAndMonthRequired;
const year = z.coerce
  .number({ error: MONTH_REQUIRED })
  .int(MONTH_REQUIRED)
  .min(2000, MONTH_REQUIRED)
  .max(2100, MONTH_REQUIRED);
const month = z.coerce
  .number({ error: MONTH_REQUIRED })
  .int(MONTH_REQUIRED)
  .min(1, MONTH_REQUIRED)
  .max(12, MONTH_REQUIRED);

const paging = (defaultLimit: number) => ({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(MAX_ORDERS_PAGE_SIZE).default(defaultLimit)),
});

/** Paginated orders with an optional month: year and month come together or not at all. */
export const orderListQuerySchema = z
  .object({
    ...paging(ORDERS_PAGE_SIZE),
    year: z.preprocess(blankToUndefined, year.optional()),
    month: z.preprocess(blankToUndefined, month.optional()),
  })
  .refine((q) => (q.year === undefined) === (q.month === undefined), {
    message: BOOKING_COPY.yearAndMonthRequired,
    path: ["month"],
  });

/** The page of each section of the fan's orders page (`?upcomingPage=2&pastPage=3`): a bad one reads as the first. */
const sectionPage = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).catch(1).default(1));
export const orderSectionPagesSchema = z
  .object({ upcomingPage: sectionPage, pastPage: sectionPage, cancelledPage: sectionPage, unpaidPage: sectionPage })
  .transform(
    (p): Record<OrderSection, number> => ({
      upcoming: p.upcomingPage,
      past: p.pastPage,
      cancelled: p.cancelledPage,
      unpaid: p.unpaidPage,
    }),
  );

/** Monthly orders: both year and month are required ('Year and month are required'). */
export function monthlyOrdersQuerySchema(defaultLimit: number) {
  return z.object({
    ...paging(defaultLimit),
    year: z.preprocess(blankToUndefined, year),
    month: z.preprocess(blankToUndefined, month),
  });
}

const gamerTag = z
  .string({ error: "Enter a gamer tag" })
  .trim()
  .min(1, "Enter a gamer tag")
  .max(GAMERTAG_MAX_LENGTH, `A gamer tag is at most ${GAMERTAG_MAX_LENGTH} characters`)
  .refine((tag) => !isPlaceholderText(tag), "Enter a gamer tag");

/** POST /api/orders/update_gamer_tags {updatedGamerTagsWithId, order_id, slot_id}, and the /profile form. */
export const updateGamerTagsSchema = z.object({
  order_id: id,
  slot_id: optionalId,
  updatedGamerTagsWithId: z
    .array(z.object({ _id: id, gamerTag }), { error: "Send the gamer tags to update" })
    .min(1, "Send the gamer tags to update")
    .max(100),
});

/** POST /api/v1/user/edit-gamer-tag {slotId, gamerTag, gamerTagId}. */
export const editGamerTagSchema = z.object({ slotId: id, gamerTag, gamerTagId: id });

/** POST /api/v1/user/booked-slot-details {productId}. */
export const bookedSlotDetailsSchema = z.object({ productId: id });

/** GET /api/user/lobby-code-details (liveSessionId, productId, slotId): a slot or a live session. */
export const lobbyCodeQuerySchema = z
  .object({ liveSessionId: optionalId, productId: optionalId, slotId: optionalId })
  .refine((q) => q.slotId || q.liveSessionId || q.productId, { message: "Give a slotId, productId or liveSessionId" });

/** POST /api/post/slots/delete/user: the fan cancels their booking of a slot (or names it by booking or order). */
/** Where the fan's cancellation refund goes (cancellation-policy.ts); absent or blank: the wallet. */
const refundToField = z.preprocess(
  blankToUndefined,
  z.enum(REFUND_DESTINATIONS, { error: BOOKING_COPY.refundToInvalid }).optional(),
);

/** The cancel form of /profile/orders/:id/cancel (and the dialog, which posts to it). */
export const cancelOrderFormSchema = z.object({ refundTo: refundToField });

export const cancelUserSlotSchema = z
  .object({ slotId: optionalId, bookingId: optionalId, orderId: optionalId, refundTo: refundToField })
  .refine((q) => q.slotId || q.bookingId || q.orderId, { message: "Give the slotId of your booking" });

/** The reschedule page's form: the slot to move the booking to. */
export const rescheduleFormSchema = z.object({
  slotId: z.string({ error: "Choose a new time" }).trim().min(1, "Choose a new time").max(64),
});

/** POST /api/orders/reschedule: the order (or booking) to move and the slot to move it to. */
export const rescheduleApiSchema = z
  .object({ orderId: optionalId, bookingId: optionalId, slotId: z.string().trim().min(1, "Choose a new time").max(64) })
  .refine((q) => q.orderId || q.bookingId, { message: "Give the orderId of your booking" });

/** The fan's answer to their streamer's offer of another time: the page's form (the order is in the path). */
export const moveOfferFormSchema = z.object({
  choice: z.enum(MOVE_OFFER_CHOICES, { error: 'Choose "move" or "refund"' }),
});

/** POST /api/orders/move-offer: the order whose offer the fan answers, and their choice. */
export const moveOfferApiSchema = moveOfferFormSchema.extend({
  orderId: z.string({ error: "Give the orderId of your booking" }).trim().min(1).max(64),
});
