import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { GameOption } from "~/features/gigs";
import { type BaseCurrency, CoverInput, priceLimitsHint, priceSchema, TagInput } from "~/features/gigs";
import { Field, inputClass } from "~/lib/ui/field";
import { useHydrated } from "~/lib/ui/use-hydrated";
import { STEPS, type Step, type StepErrors, type StepperValues, stepIndex } from "../stepper";
import { HiddenRequirements, RequirementRows } from "./requirement-rows";

const button = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500 disabled:opacity-40";
const STEP_TITLES: Record<Step, string> = {
  game: "1. Game and mode",
  platform: "2. Platform",
  price: "3. VIP price",
  streaming: "4. Streaming link",
  details: "5. Session details",
  start: "Ready to go live",
};

/** The answers so far, as hidden fields, so every step's form posts the whole state (with or without JavaScript). */
function Carried({ values, except }: { values: StepperValues; except: Step }) {
  const skip = new Set<string>();
  if (except === "game") skip.add("_game_id").add("_game_mode_id");
  if (except === "platform") skip.add("_platform_playing_on_id");
  if (except === "price") skip.add("price");
  if (except === "streaming") skip.add("isStreaming").add("streamingLink");
  if (except === "details") skip.add("title").add("description").add("requirements").add("session_tags");
  const simple = [
    "_game_id",
    "_game_mode_id",
    "_platform_playing_on_id",
    "price",
    "isStreaming",
    "streamingLink",
    "title",
    "description",
    "defaultThumbnail",
  ] as const;
  return (
    <>
      {simple
        .filter((name) => !skip.has(name))
        .map((name) => (
          <input key={name} type="hidden" name={name} value={values[name]} />
        ))}
      {skip.has("requirements") ? null : <HiddenRequirements rows={values.requirements} />}
      {skip.has("session_tags")
        ? null
        : values.session_tags.map((tag) => <input key={tag} type="hidden" name="session_tags" value={tag} />)}
    </>
  );
}

function summary(step: Step, values: StepperValues, games: GameOption[], currency: BaseCurrency): string {
  const game = games.find((g) => g.id === values._game_id);
  switch (step) {
    case "game":
      return `${game?.name ?? ""} · ${game?.modes.find((m) => m.id === values._game_mode_id)?.name ?? ""}`;
    case "platform":
      return game?.platforms.find((p) => p.id === values._platform_playing_on_id)?.name ?? "";
    case "price":
      return `${currency === "INR" ? "₹" : "$"}${values.price}`;
    case "streaming":
      return values.isStreaming === "yes" ? values.streamingLink : "Not streaming";
    case "details":
      return values.title;
    case "start":
      return "";
  }
}

/**
 * The start-live stepper's form. Finished steps show their answer and a Change button (which sends the stepper
 * back there, dropping later answers); the current step shows its inputs and Next. With JavaScript the same
 * forms submit without a page load and the price is checked when Next is pressed: a wrong price shows
 * the message and the field clears (docs/domain.md).
 */
export function StepperForm({
  games,
  currency,
  step,
  values,
  errors,
}: {
  games: GameOption[];
  currency: BaseCurrency;
  step: Step;
  values: StepperValues;
  errors: StepErrors;
}) {
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  const [priceError, setPriceError] = useState(errors.price);
  const [streaming, setStreaming] = useState(values.isStreaming);
  const current = stepIndex(step);
  const game = games.find((g) => g.id === values._game_id);
  // The mode list offers the chosen game's modes only (every game has a "Team Deathmatch"). Before a game
  // is chosen, and without JavaScript, it lists them all, grouped by game.
  const [chosenGame, setChosenGame] = useState(values._game_id);
  const modeGames = chosenGame && hydrated ? games.filter((g) => g.id === chosenGame) : games;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-5"
      data-hydrated={hydrated ? "" : undefined}
      data-step={step}
      onSubmit={(event) => {
        // The price is checked when Next is pressed, before the form is sent: a wrong one shows the message and the
        // field clears (docs/domain.md), and the next press of Next is taken.
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (step !== "price" || submitter?.value !== "next:price") return;
        const input = event.currentTarget.elements.namedItem("price") as HTMLInputElement | null;
        const parsed = priceSchema(currency).safeParse(input?.value ?? "");
        if (parsed.success) return setPriceError(undefined);
        event.preventDefault();
        setPriceError(parsed.error.issues[0]?.message);
        if (input) {
          input.value = "";
          input.focus();
        }
      }}
    >
      <Carried values={values} except={step} />
      <ol className="flex flex-col gap-3">
        {STEPS.slice(0, current).map((done) => (
          <li
            key={done}
            className="flex items-center justify-between gap-3 rounded-lg border border-ink-700 bg-ink-900 px-4 py-3 text-sm"
          >
            <span>
              <span className="block text-xs text-zinc-400">{STEP_TITLES[done]}</span>
              {summary(done, values, games, currency)}
            </span>
            <button type="submit" name="intent" value={`edit:${done}`} className="text-brand-400" formNoValidate>
              Change
            </button>
          </li>
        ))}
      </ol>
      <fieldset className="flex flex-col gap-4 rounded-xl border border-ink-700 p-5">
        <legend className="px-2 text-lg font-semibold">{STEP_TITLES[step]}</legend>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-400">
            {errors.form}
          </p>
        ) : null}
        {step === "game" ? (
          <>
            <Field label="Game" id="_game_id" errors={errors._game_id ? [errors._game_id] : undefined}>
              <select
                id="_game_id"
                name="_game_id"
                defaultValue={values._game_id}
                onChange={(event) => setChosenGame(event.target.value)}
                className={inputClass}
              >
                <option value="">Pick a game</option>
                {games.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Mode" id="_game_mode_id" errors={errors._game_mode_id ? [errors._game_mode_id] : undefined}>
              <select
                key={hydrated ? chosenGame : "all"}
                id="_game_mode_id"
                name="_game_mode_id"
                defaultValue={values._game_mode_id}
                className={inputClass}
              >
                <option value="">Pick a mode</option>
                {modeGames.map((g) => (
                  <optgroup key={g.id} label={g.name}>
                    {g.modes.map((mode) => (
                      <option key={mode.id} value={mode.id}>
                        {mode.name} ({mode.noOfPlayers} {mode.noOfPlayers === 1 ? "player" : "players"})
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </Field>
          </>
        ) : null}
        {step === "platform" ? (
          <div role="radiogroup" aria-label="Platform" className="flex flex-col gap-2">
            {(game?.platforms ?? []).map((platform) => (
              <label key={platform.id} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="_platform_playing_on_id"
                  value={platform.id}
                  defaultChecked={platform.id === values._platform_playing_on_id}
                />
                {platform.name}
              </label>
            ))}
            {errors._platform_playing_on_id ? (
              <p className="text-sm text-red-400">{errors._platform_playing_on_id}</p>
            ) : null}
          </div>
        ) : null}
        {step === "price" ? (
          <Field
            label={`Price of a VIP place (${currency === "INR" ? "₹" : "$"}, ${currency})`}
            id="price"
            errors={priceError ? [priceError] : undefined}
            hint={priceLimitsHint(currency)}
          >
            <input
              id="price"
              name="price"
              inputMode="decimal"
              aria-describedby={priceError ? "price-hint price-error" : "price-hint"}
              defaultValue={values.price}
              className={inputClass}
              aria-invalid={priceError ? true : undefined}
              onInput={() => {
                // Typing a correction clears the message. Nothing is checked when the field is left: a message
                // appearing or going then would move the Next button between press and release, and the click
                // would be lost. Next checks the price.
                if (priceError) setPriceError(undefined);
              }}
            />
          </Field>
        ) : null}
        {step === "streaming" ? (
          <>
            <div role="radiogroup" aria-label="Are you streaming?" className="flex gap-4 text-sm">
              {(["yes", "no"] as const).map((answer) => (
                <label key={answer} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="isStreaming"
                    value={answer}
                    defaultChecked={values.isStreaming === answer}
                    onChange={() => setStreaming(answer)}
                  />
                  {answer === "yes" ? "Yes, I am streaming" : "No stream"}
                </label>
              ))}
            </div>
            {errors.isStreaming ? <p className="text-sm text-red-400">{errors.isStreaming}</p> : null}
            {!hydrated || streaming === "yes" ? (
              <Field
                label="Streaming link (YouTube, or Twitch embed link or iframe code)"
                id="streamingLink"
                errors={errors.streamingLink ? [errors.streamingLink] : undefined}
              >
                <input
                  id="streamingLink"
                  name="streamingLink"
                  defaultValue={values.streamingLink}
                  className={inputClass}
                />
              </Field>
            ) : (
              <input type="hidden" name="streamingLink" value="" />
            )}
          </>
        ) : null}
        {step === "details" ? (
          <>
            {values.defaultThumbnail ? (
              <img
                src={values.defaultThumbnail}
                alt="Stream thumbnail"
                className="aspect-video w-full rounded-lg object-cover"
              />
            ) : null}
            <Field label="Title (at most 66 characters)" id="title" errors={errors.title ? [errors.title] : undefined}>
              <input id="title" name="title" defaultValue={values.title} maxLength={90} className={inputClass} />
            </Field>
            <Field label="Description" id="description">
              <textarea
                id="description"
                name="description"
                defaultValue={values.description}
                rows={4}
                className={inputClass}
              />
            </Field>
            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-medium text-zinc-200">Requirements</legend>
              <RequirementRows rows={values.requirements} blank={2} />
              {errors.requirements ? (
                <p role="alert" className="text-sm text-red-400">
                  {errors.requirements}
                </p>
              ) : null}
            </fieldset>
            <Field label="Tags" id="session_tags">
              <TagInput id="session_tags" name="session_tags" defaultTags={values.session_tags} />
            </Field>
          </>
        ) : null}
        {step === "start" ? (
          <Field label="Banner (PNG or JPEG, 16:9, optional)" id="banner">
            <CoverInput id="banner" name="banner" currentUrl={null} />
          </Field>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        {step === "details" ? (
          <button type="submit" name="intent" value="next:details" className={button} disabled={busy}>
            Looks good
          </button>
        ) : step !== "start" ? (
          <button type="submit" name="intent" value={`next:${step}`} className={button} disabled={busy}>
            Next
          </button>
        ) : null}
        {step === "details" || step === "start" ? (
          <button
            type="submit"
            name="intent"
            value="start"
            className={`${button} bg-red-600 hover:bg-red-500`}
            disabled={step !== "start" || busy}
          >
            START LIVE SESSION NOW
          </button>
        ) : null}
      </div>
    </Form>
  );
}
