import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form } from "react-router";
import { formatSessionLength } from "~/features/time";
import { Field, inputClass } from "~/lib/ui/field";
import { useHydrated } from "~/lib/ui/use-hydrated";
import {
  type BaseCurrency,
  GIG_DESCRIPTION_HINT,
  GIG_TITLE_MAX,
  gigSchema,
  priceLimitsHint,
  SESSION_MINUTES_CHOICES,
  withoutBlankRequirements,
} from "../schema";
import { CoverInput } from "./cover-input";
import { TagInput } from "./tag-input";

export type GameOption = {
  id: string;
  name: string;
  modes: { id: string; name: string; noOfPlayers: number; durationMinutes: number }[];
  platforms: { id: string; name: string }[];
};

export type GigDefaults = {
  product_title: string;
  product_desc: string;
  _game_id: string;
  _game_mode_id: string;
  _platform_playing_on_id: string;
  price: string;
  /** "" for the game mode's length. */
  session_minutes: string;
  requirements: { key: string; value: string }[];
  session_tags: string[];
  coverImageUrl: string | null;
};

/** The lengths offered, with the gig's own when it is not one of them (set through the API). */
function lengthChoices(current: string): number[] {
  const own = Number(current);
  const choices: number[] = [...SESSION_MINUTES_CHOICES];
  return own && !choices.includes(own) ? [...choices, own].sort((a, b) => a - b) : choices;
}

const buttonClass = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500";

/**
 * The gig form (create and edit): one Zod schema checks it in the browser and again on the server; it posts
 * as multipart (the cover image) and works without JavaScript (every mode and platform listed, grouped by
 * game; blank requirement rows ignored).
 */
/** The requirement rows of a reply, as sent (rows as the form posted them, blank ones too). */
function sentRequirements(value: unknown): { key: string; value: string }[] {
  if (!Array.isArray(value)) return [];
  return value.map((row) => {
    const fields = (row ?? {}) as { key?: unknown; value?: unknown };
    return {
      key: typeof fields.key === "string" ? fields.key : "",
      value: typeof fields.value === "string" ? fields.value : "",
    };
  });
}

export function GigForm({
  games,
  currency,
  defaults,
  lastResult,
  coverError,
  submitLabel,
}: {
  games: GameOption[];
  currency: BaseCurrency;
  defaults: GigDefaults;
  lastResult?: SubmissionResult<string[]>;
  coverError?: string;
  submitLabel: string;
}) {
  const schema = gigSchema(currency);
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "gig",
    lastResult,
    defaultValue: { ...defaults, session_tags: undefined },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(withoutBlankRequirements(formData), { schema }),
  });
  // A refused save shows the requirements and tags as they were sent (the reply carries exactly what was sent): the
  // tag chips, then what was left in the tag box (it comes last in the form).
  const sent = lastResult?.initialValue as { requirements?: unknown; session_tags?: unknown } | undefined;
  const requirements = sent ? sentRequirements(sent.requirements) : defaults.requirements;
  const sentTags = sent ? [sent.session_tags ?? []].flat().map(String) : null;
  const [gameId, setGameId] = useState(defaults._game_id);
  const [modeId, setModeId] = useState(defaults._game_mode_id);
  const [rows, setRows] = useState(Math.max(requirements.length + (sent ? 0 : 1), 2));
  const selected = games.find((game) => game.id === gameId);
  const modeGroups = selected ? [selected] : games;
  // Each platform once: the chosen game's, or (no game chosen yet, or without JavaScript) every game's, in their
  // order. The server refuses a platform the game is not played on (M.platformNotOfGame).
  const platformChoices = [
    ...new Map(modeGroups.flatMap((game) => game.platforms).map((platform) => [platform.id, platform])).values(),
  ];
  const modeMinutes = games.flatMap((game) => game.modes).find((mode) => mode.id === modeId)?.durationMinutes;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="flex flex-col gap-5"
      data-hydrated={hydrated ? "" : undefined}
    >
      {form.errors?.length ? (
        <p role="alert" className="text-sm text-red-400">
          {form.errors.join(". ")}
        </p>
      ) : null}
      <Field
        label={`Title (at most ${GIG_TITLE_MAX} characters)`}
        id={fields.product_title.id}
        errors={fields.product_title.errors}
      >
        <input
          {...getInputProps(fields.product_title, { type: "text" })}
          maxLength={GIG_TITLE_MAX}
          className={inputClass}
        />
      </Field>
      <Field
        label={`Description (${GIG_DESCRIPTION_HINT.min}-${GIG_DESCRIPTION_HINT.max} characters recommended)`}
        id={fields.product_desc.id}
        errors={fields.product_desc.errors}
      >
        <textarea {...getTextareaProps(fields.product_desc)} rows={6} className={inputClass} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Game" id={fields._game_id.id} errors={fields._game_id.errors}>
          <select
            {...getSelectProps(fields._game_id)}
            className={inputClass}
            onChange={(event) => setGameId(event.target.value)}
          >
            <option value="">Pick a game</option>
            {games.map((game) => (
              <option key={game.id} value={game.id}>
                {game.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Mode" id={fields._game_mode_id.id} errors={fields._game_mode_id.errors}>
          <select
            {...getSelectProps(fields._game_mode_id)}
            className={inputClass}
            onChange={(event) => setModeId(event.target.value)}
          >
            <option value="">Pick a mode</option>
            {modeGroups.map((game) => (
              <optgroup key={game.id} label={game.name}>
                {game.modes.map((mode) => (
                  <option key={mode.id} value={mode.id}>
                    {mode.name} ({mode.noOfPlayers} {mode.noOfPlayers === 1 ? "player" : "players"},{" "}
                    {formatSessionLength(mode.durationMinutes)})
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <Field label="Platform" id={fields._platform_playing_on_id.id} errors={fields._platform_playing_on_id.errors}>
          <select {...getSelectProps(fields._platform_playing_on_id)} className={inputClass}>
            <option value="">Pick a platform</option>
            {platformChoices.map((platform) => (
              <option key={platform.id} value={platform.id}>
                {platform.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field
        label={`Price (${currency === "INR" ? "₹" : "$"}, ${currency})`}
        id={fields.price.id}
        errors={fields.price.errors}
        hint={priceLimitsHint(currency)}
      >
        <input
          {...getInputProps(fields.price, { type: "text", ariaDescribedBy: `${fields.price.id}-hint` })}
          inputMode="decimal"
          className={inputClass}
        />
      </Field>
      <Field
        label="How long a session lasts"
        id={fields.session_minutes.id}
        errors={fields.session_minutes.errors}
        hint="Each slot you add lasts this long."
      >
        <select
          {...getSelectProps(fields.session_minutes, { ariaDescribedBy: `${fields.session_minutes.id}-hint` })}
          className={inputClass}
        >
          <option value="">
            {modeMinutes ? `The mode's length (${formatSessionLength(modeMinutes)})` : "The mode's length"}
          </option>
          {lengthChoices(defaults.session_minutes).map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {formatSessionLength(minutes)}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-zinc-200">Requirements</legend>
        {Array.from({ length: rows }, (_, i) => `requirement-${i}`).map((rowKey, i) => (
          <div key={rowKey} className="grid grid-cols-2 gap-2">
            <input
              name={`requirements[${i}].key`}
              aria-label={`Requirement ${i + 1} name`}
              placeholder="e.g. Rank"
              defaultValue={requirements[i]?.key ?? ""}
              className={inputClass}
            />
            <input
              name={`requirements[${i}].value`}
              aria-label={`Requirement ${i + 1} value`}
              placeholder="e.g. Gold or above"
              defaultValue={requirements[i]?.value ?? ""}
              className={inputClass}
            />
          </div>
        ))}
        <button type="button" className="self-start text-sm text-brand-400" onClick={() => setRows((n) => n + 1)}>
          + Add requirement
        </button>
        {fields.requirements.errors?.length ? (
          <p id={`${fields.requirements.id}-error`} role="alert" className="text-sm text-red-400">
            {fields.requirements.errors.join(". ")}
          </p>
        ) : null}
      </fieldset>
      <Field label="Tags" id="session_tags" errors={fields.session_tags.errors}>
        <TagInput
          id="session_tags"
          name="session_tags"
          defaultTags={sentTags ? sentTags.slice(0, -1) : defaults.session_tags}
          defaultText={sentTags?.at(-1) ?? ""}
        />
      </Field>
      <Field label="Cover image (PNG or JPEG, 16:9)" id="product_cover_img">
        <CoverInput
          id="product_cover_img"
          name="product_cover_img"
          currentUrl={defaults.coverImageUrl}
          serverError={coverError}
        />
      </Field>
      <button type="submit" className={`${buttonClass} self-start`}>
        {submitLabel}
      </button>
    </Form>
  );
}
