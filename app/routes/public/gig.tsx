import { parseWithZod } from "@conform-to/zod/v4";
import type { ComponentProps } from "react";
import { lazy, Suspense } from "react";
import { Link, redirect, redirectDocument, type ShouldRevalidateFunctionArgs } from "react-router";
import { APPLY_PROMO_INTENT, BookingForm, bookingFormSchema, type PromoPreview, pickerTimes } from "~/features/booking";
import {
  bookingFormData,
  bookingFormQuery,
  placeOrder,
  previewPromo,
  slotPickerView,
} from "~/features/booking/index.server";
import { LiveBadge, READ_MORE_THRESHOLD, Thumb } from "~/features/catalogue";
import { catalogueRequest, getGigPage } from "~/features/catalogue/index.server";
import { displayCurrency } from "~/features/currency";
import { FavouriteButton } from "~/features/favourites";
import { GigPack } from "~/features/packs";
import { creditsOf, creditsOnGigQuery, gigPackOf, gigPackQuery, gigPackView } from "~/features/packs/index.server";
import { promoRefusalWords } from "~/features/promo/index.server";
import { RatingSummary, ReviewList } from "~/features/reviews";
import { gigSlotsInDemandQuery } from "~/features/seats/index.server";
import { formatDay, formatSessionLength } from "~/features/time";
import { GigWaitlist } from "~/features/waitlist";
import {
  placeWithTimeInWords,
  viewerPlaces,
  viewerPlacesOnGigQuery,
  withOfferedSeats,
} from "~/features/waitlist/index.server";
import { formatMoney, money, priceIn } from "~/lib/money";
import { gamePath, gigPath, streamerPath } from "~/lib/paths.server";
import { z } from "~/lib/zod";
import { clientIp, found, publicOrigin } from "~/platform/http.server";
import { replyTo } from "~/routes/_lib/form.server";
import { pageAction, postedIntent, signedInBackTo } from "~/routes/_lib/page-action.server";
import { viewerTimeZone } from "~/routes/_lib/viewer-zone.server";
import { type BookingBotChecks, bookingBotChecks, botChecksWhen } from "./_lib/booking-bot-checks.server";
import { isReviewIntent, reviewIntents } from "./_lib/review-forms.server";
import type { Route } from "./+types/gig";
import { buyPackIntent } from "./pack-action.server";
import { waitlistIntents } from "./waitlist-action.server";

export const meta = ({ loaderData }: Route.MetaArgs) => {
  const gig = loaderData?.gig;
  return [
    { title: gig ? `${gig.title} | Noobrd` : "Gig | Noobrd" },
    {
      name: "description",
      content: gig ? gig.description.slice(0, 160) || `${gig.title} on Noobrd.` : "A gig on Noobrd.",
    },
  ];
};

/** /gig/:id: the gig, its game, mode, platform, requirements, tags, price and upcoming slots with seats left. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const req = await catalogueRequest(request, context);
  const now = new Date();
  // The page's own reads, sent in the gig's batch (one round trip): browsing knows none of them.
  const more = {
    bookingForm: req.viewer ? bookingFormQuery(req.db, req.viewer.id, req.currencyCode) : undefined,
    waitlist: req.viewer ? viewerPlacesOnGigQuery(req.db, req.viewer.id, params.id) : undefined,
    pack: gigPackQuery(req.db, params.id),
    credits: req.viewer ? creditsOnGigQuery(req.db, req.viewer.id, params.id, now) : undefined,
    // Which of its times are in high demand (their forms carry the bot check, docs/decisions/033).
    demand: req.viewer ? gigSlotsInDemandQuery(req.db, params.id, now) : undefined,
  };
  const [gigPage, zone] = await Promise.all([
    getGigPage(req.db, params.id, req.viewer?.id ?? null, now, more),
    viewerTimeZone(request, context),
  ]);
  const page = found(gigPage, "Gig not found");
  const places = page.more.waitlist ? viewerPlaces(page.more.waitlist, now) : [];
  // Seats a waitlist offer holds for this viewer are theirs to book (booking/seats.ts).
  const slots = withOfferedSeats(page.slots, places);
  const display = displayCurrency(req.currencyCode, page.usdInrRateMicros, page.usdInrFetchedAt);
  const price = priceIn({ amountMinor: page.gig.listPriceMinor, currency: page.gig.baseCurrency }, display);
  const query = new URL(request.url).searchParams;
  // The gig's session pack in this viewer's currency, and the credits they hold on it (docs/decisions/027), read in
  // the page's one batch.
  const offer = gigPackOf(page.more.pack ?? [], display);
  const credits = req.viewer ? creditsOf(page.more.credits ?? []) : null;
  // A signed-in viewer's forms carry the bot check while any time on the page is in high demand (docs/decisions/033).
  const shown = new Set(slots.map((slot) => slot.id));
  const inDemand = (page.more.demand ?? []).some((slot) => shown.has(slot.id));
  const demand = req.viewer ? await botChecksWhen(request, req.env, inDemand) : null;
  const form = bookingFormData(req.viewer, page.more.bookingForm);
  // The card's fields this page does not show stay on the server.
  const {
    gameModeId,
    platformId,
    priceMinor,
    popularity,
    createdAt,
    streamerPictureUrl,
    modeDurationMinutes,
    platformKey,
    gameImageUrl,
    ...gig
  } = page.gig;
  // The page's words for times come formatted in the viewer's zone: hydrating builds no time-zone formatter. Only
  // what the components read is sent (no raw rows, no slot dates).
  return {
    gig,
    // The page's links, built here (app/lib/paths.server.ts): the components only render them.
    links: {
      game: gamePath(gig.gameId),
      streamer: streamerPath(gig.streamerId),
      booking: `${gigPath(gig.id)}#booking`,
    },
    reviews: page.reviews.map((review) => ({ ...review, day: formatDay(review.createdAt, zone) })),
    picker: slotPickerView(slots, zone),
    places: places.flatMap((place) => {
      const slot = slots.find((candidate) => candidate.id === place.slotId);
      return slot ? [placeWithTimeInWords(place, slot, zone)] : [];
    }),
    // The price per seat this viewer sees and is charged (app/lib/money.ts priceIn), and its words.
    price,
    priceText: formatMoney(price),
    rateDay: display.rateFetchedAt ? formatDay(display.rateFetchedAt, zone) : null,
    booking: {
      ...form,
      loggedIn: req.viewer !== null,
      isOwner: req.viewer?.id === page.gig.streamerId,
      selectedSlotId: query.get("slot"),
      selectedPlayers: Number(query.get("seats")) || null,
    },
    // The pack card's words, made here (the page's JavaScript formats no pack figure: docs/decisions/017).
    pack: offer
      ? gigPackView(offer, {
          loggedIn: req.viewer !== null,
          canBuy: req.viewer?.id !== page.gig.streamerId,
          creditsLeft: credits?.credits ?? 0,
          walletBalance: req.viewer ? money(form.walletBalanceMinor, price.currency) : null,
        })
      : null,
    demand,
    creditsLeft: credits?.credits ?? 0,
    reviewViewer: req.viewer ? { id: req.viewer.id, isStreamerOfThese: req.viewer.id === page.gig.streamerId } : null,
  };
}

/** Applying a promo code changes nothing on the page but the form's own preview: no reload of the gig. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === APPLY_PROMO_INTENT ? false : defaultShouldRevalidate;
}

/**
 * The booking form: an anonymous visitor goes to /login and comes back to this gig with the slot chosen; a
 * card order goes on to Stripe's checkout page, a wallet or free order straight to its confirmation.
 */
/** Back to this gig with the time acted on chosen: the picker shows its date (slot-picker.tsx). */
function backToGig({ params, formData }: { params: Readonly<Record<string, string>>; formData: FormData }) {
  const slot = String(formData.get("slotId") ?? "");
  return `${gigPath(params.id ?? "")}${slot ? `?slot=${encodeURIComponent(slot)}` : ""}`;
}

/** The booking form's fields: a refusal on another (the bot check's token) is the form's error, said above it. */
const BOOKING_FORM_FIELDS = ["slotId", "numberOfPlayers", "multipleGamerTags", "promoCode", "paymentMethod"];

export const action = pageAction({
  // Every form here is a signed-in fan's: a visitor signs in and comes back (to the reviews, or the time chosen).
  guard: signedInBackTo((page) =>
    isReviewIntent(postedIntent(page.formData)) ? gigPath(page.params.id ?? "") : backToGig(page),
  ),
  intents: {
    // The reply and report forms under the reviews (docs/domain.md, "Review").
    ...reviewIntents(({ params }) => gigPath(params.id ?? "")),
    "buy-pack": buyPackIntent,
    ...waitlistIntents(backToGig),
    // The Apply step: the discount and new total (or why not), the form coming back as the fan left it.
    [APPLY_PROMO_INTENT]: {
      schema: z.object({}),
      run: (_, { env, viewer, formData }) =>
        previewPromo(env, viewer, {
          code: formData.get("promoCode"),
          slotId: formData.get("slotId"),
          numberOfPlayers: formData.get("numberOfPlayers"),
        }),
      success: (promo: Awaited<ReturnType<typeof previewPromo>>, { formData }) => ({
        stay: {
          result: { initialValue: replyTo(parseWithZod(formData, { schema: bookingFormSchema })).initialValue },
          promo,
        },
        status: promo.ok ? 200 : 400,
      }),
    },
    book: {
      schema: bookingFormSchema,
      run: (value, { env, viewer, request }) =>
        placeOrder(env, viewer, value, publicOrigin(request, env), new Date(), clientIp(request, env)),
      // A document navigation: Stripe's page (or the stand-in's) is not a route of this app.
      success: (placed: Awaited<ReturnType<typeof placeOrder>>) =>
        placed.checkoutUrl
          ? redirectDocument(placed.checkoutUrl, 303)
          : redirect(`/checkout/success?order=${placed.orderId}`, 303),
      // A promo refusal says why (unknown, expired, used up...) in a fan's words; a failed bot check is the form's.
      words: promoRefusalWords,
      shownFields: BOOKING_FORM_FIELDS,
      // The form comes back with a fresh bot check while the slot is in high demand (its token was spent or missing).
      also: async ({ request, env, formData }) => ({
        demand: await bookingBotChecks(request, env, [{ id: String(formData.get("slotId") ?? "") }], new Date()),
      }),
    },
  },
  otherwise: "book",
});

/**
 * The bot check's widget, loaded only by a page that draws it (a time in high demand): a quiet gig page's JavaScript
 * stays under its 20 KiB budget (docs/decisions/017). The server renders it in place (its stand-in's token works
 * without JavaScript); the booking panel's Suspense boundary hydrates once the chunk is in.
 */
const TurnstileWidget = lazy(() => import("~/components/turnstile-lazy"));

/** docs/domain.md: a description longer than 300 characters shows 'read more' (a <details>, no JS needed). */
function Description({ text }: { text: string }) {
  if (!text) return <p className="text-zinc-400">No description yet.</p>;
  const characters = [...text];
  if (characters.length <= READ_MORE_THRESHOLD) return <p className="whitespace-pre-line text-zinc-300">{text}</p>;
  return (
    <div className="whitespace-pre-line text-zinc-300">
      <details className="group">
        <summary className="cursor-pointer list-none">
          {characters.slice(0, READ_MORE_THRESHOLD).join("")}
          <span className="group-open:hidden">… </span>
          <span className="read-more">Read more</span>
        </summary>
        {characters.slice(READ_MORE_THRESHOLD).join("")}
      </details>
    </div>
  );
}

/** The price per seat and, when there is something to book, "Book": a link to the booking form's time picker. */
function PriceAndBook(props: { price: string; book: boolean; className: string; top?: boolean }) {
  return (
    <div className={`price-and-book ${props.className}`}>
      <p>
        <span className="text-2xl font-bold" data-testid={props.top ? "price" : undefined}>
          {props.price}
        </span>{" "}
        <span className="text-sm text-zinc-400">per seat</span>
      </p>
      {props.book ? <a href="#booking">Book</a> : null}
    </div>
  );
}

/**
 * /gig/:id, built for booking on a phone: the cover, title, streamer, rating, price and a "Book" link to the time
 * picker in the first screen; then the booking (times by date, the waitlist), then what the gig is, then the
 * reviews. Phones also keep a bar with the price and "Book" at the bottom of the screen. From lg up the booking
 * sits in a column of its own beside the rest.
 */
export default function Gig({ loaderData, actionData }: Route.ComponentProps) {
  const { gig, picker, booking, reviews, reviewViewer } = loaderData;
  const slots = pickerTimes(picker);
  const { price, priceText } = loaderData;
  const streamer = gig.streamerName || gig.streamerUsername;
  const bookable = !booking.isOwner && slots.length > 0;
  // The bot checks of the page, or the fresh ones a refused booking came back with (docs/decisions/033).
  const demand = (actionData as { demand?: BookingBotChecks } | undefined)?.demand ?? loaderData.demand;
  return (
    <main className="gig-layout">
      <header className="gig-about">
        <Thumb
          url={gig.coverImageUrl}
          label={gig.gameName}
          color={gig.gamePrimaryColor}
          className="gig-cover"
          width={1280}
          height={720}
          priority
        />
        <div>
          <p className="gig-game">
            <Link to={loaderData.links.game} className="hover:text-brand-50">
              {gig.gameName}
            </Link>
            {gig.streamerLiveSessionId ? <LiveBadge /> : null}
          </p>
          <div className="gig-title">
            <h1 className="text-2xl font-bold sm:text-3xl">{gig.title}</h1>
            <FavouriteButton kind="gig" id={gig.id} name={gig.title} isFavourite={gig.isFavourite} />
          </div>
          <p className="gig-byline">
            <span>
              with{" "}
              <Link to={loaderData.links.streamer} className="gig-star">
                {streamer}
              </Link>
            </span>
            <a href="#reviews" className="inline-block text-sm hover:underline">
              <RatingSummary total={gig.ratingTotal} count={gig.ratingCount} showEmpty />
            </a>
          </p>
        </div>
        <PriceAndBook price={priceText} book={bookable} className="price-box" top />
        {price.converted ? (
          <p className="-mt-2 text-xs text-zinc-400" data-testid="price-converted">
            Converted from the streamer's price in {gig.baseCurrency} at the exchange rate of{" "}
            {loaderData.rateDay ?? "today"}: the amount you pay.
          </p>
        ) : null}
      </header>

      <aside className="gig-booking">
        {/* Each part below the first screen is a Suspense boundary that never suspends: the server sends its HTML
            in place, and React hydrates it in a later, time-sliced pass of its own (or at once where the visitor
            taps first) instead of in one long task with the whole page. */}
        <Suspense>
          <section aria-labelledby="slots-title" className="gig-panel">
            <h2 id="slots-title" className="mb-3 text-lg font-semibold">
              Book a slot
            </h2>
            {slots.length === 0 ? (
              <p className="text-sm text-zinc-400">No slots scheduled yet. Check back soon.</p>
            ) : null}
            {booking.isOwner ? null : (
              <BookingForm
                gigId={gig.id}
                price={price}
                picker={picker}
                selectedSlotId={booking.selectedSlotId}
                selectedPlayers={booking.selectedPlayers}
                loggedIn={booking.loggedIn}
                gamertags={booking.gamertags}
                walletBalanceMinor={booking.walletBalanceMinor}
                creditsLeft={loaderData.creditsLeft}
                waitingSlotIds={loaderData.places.map((place) => place.slotId)}
                lastResult={actionData?.result ?? undefined}
                promo={(actionData as { promo?: PromoPreview } | undefined)?.promo}
                botCheck={demand ? <TurnstileWidget widget={demand.book} /> : null}
              />
            )}
            {loaderData.pack ? <GigPack pack={loaderData.pack} /> : null}
            {booking.isOwner ? null : (
              <GigWaitlist
                action={loaderData.links.booking}
                slots={slots}
                places={loaderData.places}
                botCheck={loaderData.demand ? <TurnstileWidget widget={loaderData.demand.waitlist} /> : null}
              />
            )}
          </section>
        </Suspense>
        <dl className="gig-facts">
          <dt className="text-zinc-400">Mode</dt>
          <dd>{gig.modeName}</dd>
          <dt className="text-zinc-400">Session length</dt>
          <dd data-testid="session-length">{formatSessionLength(gig.sessionMinutes)}</dd>
          <dt className="text-zinc-400">Players</dt>
          <dd>{gig.modePlayers}</dd>
          <dt className="text-zinc-400">Platform</dt>
          <dd>{gig.platformName}</dd>
        </dl>
      </aside>

      <article className="gig-about">
        <Suspense>
          <section aria-labelledby="about-title">
            <h2 id="about-title" className="mb-2 text-lg font-semibold">
              About this gig
            </h2>
            <Description text={gig.description} />
          </section>
          {gig.requirements.length > 0 ? (
            <section aria-labelledby="requirements-title">
              <h2 id="requirements-title" className="mb-2 text-lg font-semibold">
                Requirements
              </h2>
              <dl className="gig-requirements">
                {gig.requirements.map((requirement) => (
                  <div key={`${requirement.key}:${requirement.value}`} className="contents">
                    <dt className="text-zinc-400">{requirement.key}</dt>
                    <dd>{requirement.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {gig.tags.length > 0 ? (
            <ul aria-label="Tags" className="flex flex-wrap gap-2 text-sm">
              {gig.tags.map((tag) => (
                <li key={tag}>
                  <Link to={`/browse?selectedTags=${encodeURIComponent(tag)}`} className="gig-tag">
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </Suspense>
        <Suspense>
          <ReviewList
            reviews={reviews}
            ratingTotal={gig.ratingTotal}
            ratingCount={gig.ratingCount}
            viewer={reviewViewer}
            reply={(actionData as { review?: ComponentProps<typeof ReviewList>["reply"] } | undefined)?.review}
          />
        </Suspense>
      </article>

      {/* Phones: the price and Book stay at the bottom of the screen. */}
      {bookable ? <PriceAndBook price={priceText} book className="price-bar" /> : null}
    </main>
  );
}
