import { Form } from "react-router";
import type { DiscordPreferenceKey, DiscordPreferencesView } from "../discord.server";

const LABELS: Record<DiscordPreferenceKey, string> = {
  upcomingSlots: "Reminders of my upcoming slots",
  favoriteCreatorSlots: "New slots from my favourite creators",
  favoriteCreatorLive: "My favourite creators going live",
  promotions: "Promotions",
};

/** Which notifications also come by Discord (for accounts signed in with Discord). A plain form. */
export function DiscordPreferencesForm({
  preferences,
  error,
}: {
  preferences: DiscordPreferencesView;
  error?: string;
}) {
  return (
    <Form method="post" className="flex flex-col gap-2" aria-label="Discord notifications">
      {(Object.keys(LABELS) as DiscordPreferenceKey[]).map((key) => (
        <label key={key} className="flex items-center gap-2 text-sm">
          <input type="checkbox" name={key} value="true" defaultChecked={preferences[key]} />
          {LABELS[key]}
        </label>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="discord"
        className="self-start rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold"
      >
        Save Discord notifications
      </button>
    </Form>
  );
}
