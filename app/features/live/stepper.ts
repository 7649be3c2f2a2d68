import { type BaseCurrency, GIG_COPY, normaliseTags, priceSchema } from "~/features/gigs";
import { normaliseStreamingLink } from "./streaming-link";

/**
 * The start-live stepper (docs/domain.md): game and mode, platform, price, streaming link (yes or
 * no), details ("Looks good"), then START LIVE SESSION NOW. Each step posts the answers so far; the server
 * (and, with JavaScript, the browser first) checks the step and moves on. Changing an earlier step drops the
 * answers of the later ones. The same steps work as plain forms without JavaScript.
 */
export const STEPS = ["game", "platform", "price", "streaming", "details", "start"] as const;
export type Step = (typeof STEPS)[number];

export type StepperValues = {
  _game_id: string;
  _game_mode_id: string;
  _platform_playing_on_id: string;
  price: string;
  isStreaming: "" | "yes" | "no";
  streamingLink: string;
  title: string;
  description: string;
  requirements: { key: string; value: string }[];
  session_tags: string[];
  defaultThumbnail: string;
};

export const EMPTY_VALUES: StepperValues = {
  _game_id: "",
  _game_mode_id: "",
  _platform_playing_on_id: "",
  price: "",
  isStreaming: "",
  streamingLink: "",
  title: "",
  description: "",
  requirements: [],
  session_tags: [],
  defaultThumbnail: "",
};

/** Which values each step sets: editing a step clears these for every later step. */
const STEP_FIELDS: Record<Step, (keyof StepperValues)[]> = {
  game: ["_game_id", "_game_mode_id"],
  platform: ["_platform_playing_on_id"],
  price: ["price"],
  streaming: ["isStreaming", "streamingLink", "defaultThumbnail"],
  details: ["title", "description", "requirements", "session_tags"],
  start: [],
};

export function stepIndex(step: Step) {
  return STEPS.indexOf(step);
}

export function isStep(value: unknown): value is Step {
  return typeof value === "string" && (STEPS as readonly string[]).includes(value);
}

/** Back to `step`: the answers of the steps after it are dropped. */
export function resetAfter(values: StepperValues, step: Step): StepperValues {
  const next = { ...values };
  for (const later of STEPS.slice(stepIndex(step) + 1)) {
    for (const field of STEP_FIELDS[later]) (next as Record<string, unknown>)[field] = EMPTY_VALUES[field];
  }
  return next;
}

export function valuesFromForm(form: FormData): StepperValues {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const requirements: { key: string; value: string }[] = [];
  for (let i = 0; form.has(`requirements[${i}].key`) || form.has(`requirements[${i}].value`); i++) {
    const key = text(`requirements[${i}].key`);
    const value = text(`requirements[${i}].value`);
    if (key || value) requirements.push({ key, value });
  }
  const streaming = text("isStreaming");
  return {
    _game_id: text("_game_id"),
    _game_mode_id: text("_game_mode_id"),
    _platform_playing_on_id: text("_platform_playing_on_id"),
    price: text("price"),
    isStreaming: streaming === "yes" || streaming === "no" ? streaming : "",
    streamingLink: text("streamingLink"),
    title: text("title"),
    description: text("description"),
    requirements,
    session_tags: normaliseTags(form.getAll("session_tags").map(String)),
    defaultThumbnail: text("defaultThumbnail"),
  };
}

export type GameChoice = { id: string; modes: { id: string }[]; platforms: { id: string }[] };
export type StepErrors = Partial<Record<keyof StepperValues | "form", string>>;

/** Checks one step's answers (and nothing after it). Empty object: the step is done. */
export function checkStep(
  step: Step,
  values: StepperValues,
  context: { games: GameChoice[]; currency: BaseCurrency; parentHosts: readonly string[] },
): StepErrors {
  const game = context.games.find((g) => g.id === values._game_id);
  switch (step) {
    case "game":
      if (!game) return { _game_id: GIG_COPY.gameRequired };
      if (!game.modes.some((mode) => mode.id === values._game_mode_id)) return { _game_mode_id: GIG_COPY.modeRequired };
      return {};
    case "platform":
      if (!game?.platforms.some((platform) => platform.id === values._platform_playing_on_id)) {
        return { _platform_playing_on_id: GIG_COPY.platformRequired };
      }
      return {};
    case "price": {
      const parsed = priceSchema(context.currency).safeParse(values.price);
      return parsed.success ? {} : { price: parsed.error.issues[0]?.message ?? GIG_COPY.priceFormat };
    }
    case "streaming": {
      if (values.isStreaming === "") return { isStreaming: "Are you streaming this session?" };
      if (values.isStreaming === "no") return {};
      const link = normaliseStreamingLink(values.streamingLink, context.parentHosts);
      return link.ok ? {} : { streamingLink: link.message };
    }
    case "details":
      if (!values.title) return { title: "Please enter a title" };
      if (values.title.length > 66) return { title: "Title must be at most 66 characters" };
      if (values.requirements.some((row) => !row.key || !row.value)) return { requirements: GIG_COPY.requirements };
      return {};
    case "start":
      return {};
  }
}
