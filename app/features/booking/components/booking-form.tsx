import type { SubmissionResult } from "@conform-to/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { BOOKING_FORM_MAX_PLAYERS } from "~/features/seats";
import { formatMoney, type Money, money, multiplyMoney } from "~/lib/money";
import { Field, inputClass } from "~/lib/ui/field";
import { useFormCheck } from "~/lib/ui/use-form-check";
import { APPLY_PROMO_INTENT, type PromoPreview, promoPreviewText } from "../promo-preview";
import { pickerTimes, type SlotPickerView } from "../slot-picker-view";
import { SlotPicker } from "./slot-picker";

type Props = {
  gigId: string;
  /** The price of one seat as the viewer sees and pays it, in their currency (app/lib/money.ts priceIn). */
  price: Money;
  /** The gig's times, in words already formatted in the viewer's zone (the loader's `slotPickerView`). */
  picker: SlotPickerView;
  selectedSlotId: string | null;
  /** The number of players chosen by the link that opened the page (a waitlist offer's seats). */
  selectedPlayers?: number | null;
  loggedIn: boolean;
  gamertags: string[];
  walletBalanceMinor: number;
  /** Session-pack credits the fan holds on this gig (docs/decisions/027): offered as a way to pay when any. */
  creditsLeft?: number;
  /** Full slots where the viewer already has a waitlist place. */
  waitingSlotIds?: string[];
  lastResult?: SubmissionResult<string[]> | null;
  /** The Apply step's answer when the form came back from it without JavaScript. */
  promo?: PromoPreview | null;
  /** The bot check (the page's Turnstile widget) while a time of the gig is in high demand (docs/decisions/033). */
  botCheck?: ReactNode;
};

/** The form's id (the `#booking` of a waitlist offer's link) and its fields' ids. */
const FORM_ID = "booking";
/** A field's id is its name after the form's: the error summary links to `#booking-<name>`. */
const idOf = (name: string) => `${FORM_ID}-${name}`;
const PLAYERS_ID = idOf("numberOfPlayers");
const PROMO_ID = idOf("promoCode");
const PROMO_RESULT_ID = `${PROMO_ID}-result`;

/** Invalid-field attributes for a control with errors, linked to where they show. */
function invalid(errors: string[] | undefined, errorId: string) {
  return errors?.length ? { "aria-invalid": true, "aria-describedby": errorId } : {};
}

/** A field the form came back with (a reply without JavaScript keeps what the fan chose). */
function kept(result: Props["lastResult"], name: string): unknown {
  return result?.initialValue?.[name];
}

/**
 * The booking form of /gig/:id (docs/domain.md's purchase draft): a slot, the number of players, one
 * gamer tag per player, an optional promo code and card or wallet. Without JavaScript every field is there and
 * the server checks it all (extra gamer-tag inputs are ignored past the number of players); with it, the form
 * shows one tag per player, validates with the same schema before submitting (useFormCheck, the schema loaded on the
 * form's first touch, booking-form-validation.ts) and applies a promo code in place (a fetcher to the page's action, which
 * answers the discount and the new total, or why not, in one sentence). Without JavaScript Apply posts the form,
 * which comes back with the preview, every choice kept and the page at the code. Without JavaScript the form posts to
 * the page's own address with `#booking` (a relative action), so the answer lands at the form, whose top then sums
 * up the errors with links to the fields.
 */
export function BookingForm(props: Props) {
  const navigation = useNavigation();
  const slots = pickerTimes(props.picker);
  const bookable = slots.filter((slot) => slot.seatsLeft > 0);
  const maxPlayers = Math.min(BOOKING_FORM_MAX_PLAYERS, Math.max(1, ...bookable.map((slot) => slot.seatsLeft)));
  const keptPlayers = Number(kept(props.lastResult, "numberOfPlayers")) || null;
  const [players, setPlayers] = useState(Math.min(Math.max(1, keptPlayers ?? props.selectedPlayers ?? 1), maxPlayers));
  const [hydrated, setHydrated] = useState(false);
  const chosenSlot = kept(props.lastResult, "slotId") ?? props.selectedSlotId;
  const [slotId, setSlotId] = useState(bookable.find((slot) => slot.id === chosenSlot)?.id ?? bookable[0]?.id ?? "");
  const promoCheck = useFetcher<{ promo?: PromoPreview | null }>();
  const promo = promoCheck.data?.promo ?? props.promo ?? null;
  const applied = useRef(false);
  const { errors, formProps } = useFormCheck({
    lastResult: props.lastResult,
    // The schema check loads on the form's first touch, in its own chunk (booking-form-validation.ts).
    load: () => import("./booking-form-validation").then((module) => module.validateBookingForm),
  });
  const formRef = formProps.ref;
  useEffect(() => {
    setHydrated(true);
    // What the fan chose before the page hydrated (a slow connection): keep it rather than reset it to the first
    // render's state (the players count used to go back to 1).
    const chosen = formRef.current;
    if (chosen) {
      const typed = Number((chosen.elements.namedItem("numberOfPlayers") as HTMLSelectElement | null)?.value);
      if (Number.isInteger(typed) && typed >= 1) setPlayers(typed);
      const slot = chosen.querySelector<HTMLInputElement>('input[name="slotId"]:checked')?.value;
      if (slot) setSlotId(slot);
    }
  }, [formRef]);
  // The tags' errors: the list's own ("one per player") and each tag's (too long, empty), once each.
  const tagErrors = [
    ...new Set(
      Object.entries(errors).flatMap(([name, messages]) =>
        name === "multipleGamerTags" || name.startsWith("multipleGamerTags[") ? messages : [],
      ),
    ),
  ];
  const promoDefault = kept(props.lastResult, "promoCode");
  const keptTags = kept(props.lastResult, "multipleGamerTags");
  // The reply carries back exactly what was sent (app/routes/_lib/form.server.ts replyTo): an empty box stays empty.
  const tagDefaults = Array.isArray(keptTags)
    ? keptTags.map((tag) => (typeof tag === "string" ? tag : ""))
    : props.gamertags;
  const keptPayWith = kept(props.lastResult, "paymentMethod");
  const payWith =
    keptPayWith === "wallet" || keptPayWith === "credit"
      ? keptPayWith
      : (props.creditsLeft ?? 0) > 0 && keptPayWith === undefined
        ? "credit"
        : "card";
  // A code applied before the fan changed the time or the players: apply it again to the new total.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply when the time or players change
  useEffect(() => {
    if (applied.current) applyPromo();
  }, [players, slotId]);
  const submitting = navigation.state === "submitting";
  // The errors summed up at the top of the form (where a reply without JavaScript lands): the form's own, then
  // each field's, linked to it.
  const summary = [...new Map(Object.entries(errors).map(([name, messages]) => [messages.join(". "), name] as const))];

  if (slots.length === 0) return null;

  /** The Apply step in place: the form as it stands, to the page's action, whose answer shows under the code. */
  function applyPromo() {
    const form = formRef.current;
    if (!form) return;
    const body = new FormData(form);
    body.set("intent", APPLY_PROMO_INTENT);
    applied.current = true;
    void promoCheck.submit(body, { method: "post" });
  }

  return (
    <Form
      method="post"
      id={FORM_ID}
      action={hydrated ? undefined : `#${FORM_ID}`}
      {...formProps}
      className="booking-form"
      aria-label="Book a slot"
    >
      {summary.length > 0 ? (
        <div role="alert" id={`${FORM_ID}-error`} className="error-summary">
          <p>Please check the booking:</p>
          <ul>
            {summary.map(([text, name]) => (
              <li key={name}>{name ? <a href={`#${idOf(name)}`}>{text}</a> : text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div id={idOf("slotId")} className="scroll-mt-20">
        <SlotPicker
          view={props.picker}
          slotId={slotId}
          askedSlotId={props.selectedSlotId}
          onSelect={setSlotId}
          waitingSlotIds={props.waitingSlotIds ?? []}
          error={errors.slotId}
        />
      </div>
      {bookable.length === 0 ? (
        <p className="text-sm text-zinc-400">Every time is full: join a waitlist and we will hold seats for you.</p>
      ) : props.loggedIn ? (
        <>
          <Field label="Number of players" id={PLAYERS_ID} errors={errors.numberOfPlayers}>
            <select
              name="numberOfPlayers"
              id={PLAYERS_ID}
              {...invalid(errors.numberOfPlayers, `${PLAYERS_ID}-error`)}
              value={players}
              onChange={(event) => setPlayers(Number(event.target.value))}
              className={inputClass}
            >
              {Array.from({ length: maxPlayers }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </Field>
          <fieldset id={idOf("multipleGamerTags")} className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-zinc-200">Gamer tags, one per player</legend>
            {Array.from({ length: hydrated ? players : maxPlayers }, (_, i) => (
              <input
                // biome-ignore lint/suspicious/noArrayIndexKey: one input per seat position
                key={i}
                id={idOf(`multipleGamerTags[${i}]`)}
                name={`multipleGamerTags[${i}]`}
                {...invalid(errors[`multipleGamerTags[${i}]`], "booking-tags-error")}
                aria-label={`Gamer tag of player ${i + 1}`}
                defaultValue={tagDefaults[i] ?? ""}
                maxLength={64}
                className={inputClass}
              />
            ))}
            {!hydrated && maxPlayers > 1 ? (
              <p className="text-xs text-zinc-400">Fill in as many as the number of players; the rest is ignored.</p>
            ) : null}
            {tagErrors.length > 0 ? (
              <p id="booking-tags-error" className="text-sm text-red-400">
                {tagErrors.join(". ")}
              </p>
            ) : null}
          </fieldset>
          <Field label="Promo code (optional)" id={PROMO_ID} errors={promo ? undefined : errors.promoCode}>
            <div className="flex gap-2">
              <input
                type="text"
                name="promoCode"
                id={PROMO_ID}
                defaultValue={typeof promoDefault === "string" ? promoDefault : undefined}
                {...invalid(promo?.ok === false ? [promo.message] : errors.promoCode, PROMO_RESULT_ID)}
                onKeyDown={(event) => {
                  if (event.key !== "Enter") return;
                  event.preventDefault();
                  applyPromo();
                }}
                autoCapitalize="characters"
                maxLength={32}
                className={inputClass}
              />
              <button
                type="submit"
                name="intent"
                value={APPLY_PROMO_INTENT}
                // Without JavaScript the answer lands at the code (the form's top would hide it).
                formAction={hydrated ? undefined : `#${PROMO_ID}`}
                formNoValidate
                onClick={(event) => {
                  event.preventDefault();
                  applyPromo();
                }}
                className="apply-button"
              >
                {promoCheck.state === "idle" ? "Apply" : "Applying…"}
              </button>
            </div>
          </Field>
          {promo ? (
            <p
              role="status"
              id={PROMO_RESULT_ID}
              data-testid="promo-result"
              className={promo.ok ? "text-sm text-emerald-300" : "text-sm text-red-400"}
            >
              {promoPreviewText(promo)}
            </p>
          ) : null}
          <fieldset className="flex flex-col gap-1 text-sm">
            <legend className="mb-1 font-medium text-zinc-200">Pay with</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="paymentMethod" value="card" defaultChecked={payWith === "card"} /> Card
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="paymentMethod" value="wallet" defaultChecked={payWith === "wallet"} /> Wallet (
              {formatMoney(money(props.walletBalanceMinor, props.price.currency))} available)
            </label>
            {(props.creditsLeft ?? 0) > 0 ? (
              <label className="flex items-center gap-2">
                <input type="radio" name="paymentMethod" value="credit" defaultChecked={payWith === "credit"} /> Pack
                credit ({props.creditsLeft} left, one seat)
              </label>
            ) : null}
          </fieldset>
          <p className="text-sm text-zinc-400">
            {formatMoney(props.price)} per seat
            {promo?.ok || players > 1 ? (
              <>
                {" "}
                ·{" "}
                <span data-testid="booking-total">
                  {/* An applied code's total is what the fan pays: the line says that one, not the price before it. */}
                  total {formatMoney(promo?.ok ? promo.total : multiplyMoney(props.price, players))}
                  {promo?.ok ? ` with ${promo.code}` : ""}
                </span>{" "}
                for {players} {players === 1 ? "seat" : "seats"}
              </>
            ) : null}
            . Card payments hold your seats for a few minutes.
          </p>
          {props.botCheck}
          <button type="submit" disabled={submitting} className="primary-button">
            {submitting ? "Booking…" : "Book now"}
          </button>
        </>
      ) : (
        <button type="submit" className="primary-button">
          Log in to book
        </button>
      )}
      {props.loggedIn || bookable.length === 0 ? null : (
        <p className="text-xs text-zinc-400">
          New here? <Link to="/signup">Create an account</Link>.
        </p>
      )}
    </Form>
  );
}
