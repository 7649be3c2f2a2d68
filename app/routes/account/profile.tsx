import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form } from "react-router";
import { PushSubscribe } from "~/features/alerts";
import { pushPublicKey } from "~/features/alerts/index.server";
import { changeEmailSchema, changePasswordSchema, EmailField, FormErrors, PasswordField } from "~/features/auth";
import { OrdersSection } from "~/features/booking";
import { CalendarFeedCard } from "~/features/calendar-feed";
import { myCalendarFeed } from "~/features/calendar-feed/index.server";
import { ChatAccounts } from "~/features/chat";
import { linkedIdentities } from "~/features/chat/index.server";
import { DiscordPreferencesForm } from "~/features/notifications";
import { getDiscordPreferences } from "~/features/notifications/index.server";
import { FanPacksSection } from "~/features/packs";
import { fanPacks } from "~/features/packs/index.server";
import { FanPassesSection } from "~/features/passes";
import { fanPasses } from "~/features/passes/index.server";
import {
  bioSchema,
  GAMERTAG_PLATFORMS,
  PROFILE_COPY,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  socialLinksSchema,
} from "~/features/profile";
import { getProfile } from "~/features/profile/index.server";
import { formatDay, TimeZoneForm } from "~/features/time";
import { WaitlistSection } from "~/features/waitlist";
import { myWaitlistPlaces, placeWithTimeInWords } from "~/features/waitlist/index.server";
import { WalletSection } from "~/features/wallet";
import { Field, inputClass } from "~/lib/ui/field";
import { envOf, found, publicOrigin } from "~/platform/http.server";
import { refusalHeaders } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction, signedIn } from "~/routes/_lib/page-action.server";
import { timeZoneSetting } from "~/routes/_lib/viewer-zone.server";
import type { Route } from "./+types/profile";
import { type ActionData, type Intent, profileIntents } from "./profile-actions.server";
import { loadOrdersAndWallet } from "./profile-orders.server";

export const meta = () => [{ title: "Your profile | Noobrd" }];

/** A pack's or a pass's dates in words in the page's zone. */
function inWords<T extends { expiresAt: Date; entries: { at: Date }[] }>(
  held: T,
  zone: string,
): Omit<T, "entries"> & { expiresOn: string; entries: (T["entries"][number] & { on: string })[] } {
  return {
    ...held,
    expiresOn: formatDay(held.expiresAt, zone),
    entries: held.entries.map((entry) => ({ ...entry, on: formatDay(entry.at, zone) })),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireUser(request, env);
  const [profile, money, discord, timeZone, calendarFeed, waitlists, packs, chatAccounts, passes] = await Promise.all([
    getProfile(env, viewer.id),
    loadOrdersAndWallet(request, context, viewer),
    getDiscordPreferences(env, viewer),
    timeZoneSetting(request, context),
    myCalendarFeed(env, viewer, publicOrigin(request, env)),
    myWaitlistPlaces(env, viewer),
    fanPacks(env, viewer),
    linkedIdentities(env, viewer.id),
    fanPasses(env, viewer),
  ]);
  // A bad month filter is the visitor's input: the page shows the message with a 400.
  return data(
    {
      profile: found(profile),
      ...money,
      discord,
      timeZone,
      calendarFeed,
      // The slot's time and "held until" come in words in the page's zone (the gig page sends the same).
      waitlists: waitlists.map((place) => placeWithTimeInWords(place, place, timeZone.current)),
      pushKey: pushPublicKey(env),
      chatAccounts,
      // Each pack's dates in words in the page's zone.
      packs: packs.map((pack) => inWords(pack, timeZone.current)),
      passes: passes.map((pass) => inWords(pass, timeZone.current)),
    },
    money.ordersError ? { status: 400 } : undefined,
  );
}

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

export const action = pageAction({ guard: signedIn, intents: profileIntents });

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const buttonClass = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500";

function resultFor(actionData: ActionData | undefined, intent: Intent) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

/** A form's one message (a refusal of its use case, or a schema message of a form without fields to show it on). */
function messageFor(actionData: ActionData | undefined, intent: Intent): string | undefined {
  const error = resultFor(actionData, intent)?.error;
  return (error ? Object.values(error).flat()[0] : undefined) ?? undefined;
}

function PictureForm({ pictureUrl, error }: { pictureUrl: string | null; error?: string }) {
  const [clientError, setClientError] = useState<string | null>(null);
  const message = clientError ?? error;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex items-center gap-5"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem("picture") as HTMLInputElement | null;
        const file = input?.files?.[0];
        if (!file || !["image/png", "image/jpeg"].includes(file.type)) {
          event.preventDefault();
          setClientError(PROFILE_COPY.invalidImage);
        }
      }}
    >
      <div className="h-20 w-20 shrink-0 overflow-hidden rounded-full bg-ink-700">
        {pictureUrl ? <img src={pictureUrl} alt="Your profile" className="h-full w-full object-cover" /> : null}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <label htmlFor="picture" className="text-sm text-zinc-300">
          Profile picture (PNG or JPEG, up to 2 MB)
        </label>
        <input id="picture" name="picture" type="file" accept="image/png,image/jpeg" className="w-full text-sm" />
        {message ? (
          <p role="alert" className="text-sm text-red-400">
            {message}
          </p>
        ) : null}
        <button type="submit" name="intent" value="picture" className={`${buttonClass} self-start`}>
          Upload picture
        </button>
      </div>
    </Form>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, orders, ordersFilter, ordersError, wallet, display } = loaderData;
  const [bioForm, bioFields] = useForm({
    id: "bio",
    lastResult: resultFor(actionData, "bio"),
    defaultValue: { bio: profile.bio ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bioSchema }),
  });
  const [socialForm, socialFields] = useForm({
    id: "social",
    lastResult: resultFor(actionData, "social"),
    defaultValue: profile.socialLinks as Partial<Record<SocialNetwork, string>>,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: socialLinksSchema }),
  });
  const [passwordForm, passwordFields] = useForm({
    id: "password",
    lastResult: resultFor(actionData, "password"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  const [emailForm, emailFields] = useForm({
    id: "email",
    lastResult: resultFor(actionData, "email"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
  });
  const gamertagRows = [...profile.gamertags, { id: "new", platform: "", tag: "" }];
  const gamertagErrors = resultFor(actionData, "gamertags")?.error;
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">{profile.fullName || profile.username}</h1>
        <p className="text-sm text-zinc-400">
          @{profile.username} · {profile.email ?? "no email yet"} · prices in {profile.baseCurrency}
        </p>
      </header>

      <OrdersSection sections={orders} filter={ordersFilter} error={ordersError} />

      <WaitlistSection places={loaderData.waitlists} />

      <FanPacksSection packs={loaderData.packs} />
      <FanPassesSection passes={loaderData.passes} />

      <WalletSection wallet={wallet} display={display} />

      {loaderData.calendarFeed ? (
        <CalendarFeedCard urls={loaderData.calendarFeed} returnTo="/profile" streamer={false} />
      ) : null}

      <Section title="Chat accounts">
        <ChatAccounts linked={loaderData.chatAccounts} />
      </Section>

      <Section title="Alerts on this device">
        <PushSubscribe vapidPublicKey={loaderData.pushKey} />
      </Section>

      <Section title="Time zone">
        <TimeZoneForm {...loaderData.timeZone} error={messageFor(actionData, "time-zone")} buttonClass={buttonClass} />
      </Section>

      <Section title="Profile picture">
        <PictureForm pictureUrl={profile.pictureUrl} error={messageFor(actionData, "picture")} />
      </Section>

      <Section title="Bio">
        <Form method="post" {...getFormProps(bioForm)} className="flex flex-col gap-3">
          <Field label="About you" id={bioFields.bio.id} errors={bioFields.bio.errors}>
            <textarea {...getTextareaProps(bioFields.bio)} rows={4} className={inputClass} />
          </Field>
          <button type="submit" name="intent" value="bio" className={`${buttonClass} self-start`}>
            Save bio
          </button>
        </Form>
      </Section>

      <Section title="Social links">
        <Form method="post" {...getFormProps(socialForm)} className="grid gap-3 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <Field key={network} label={network} id={socialFields[network].id} errors={socialFields[network].errors}>
              <input
                {...getInputProps(socialFields[network], { type: "url" })}
                placeholder="https://"
                className={inputClass}
              />
            </Field>
          ))}
          <button type="submit" name="intent" value="social" className={`${buttonClass} self-start`}>
            Save links
          </button>
        </Form>
        {Object.keys(profile.socialLinks).length > 0 ? (
          <ul className="mt-4 flex flex-wrap gap-2">
            {Object.entries(profile.socialLinks).map(([key, url]) => (
              <li key={key}>
                <Form
                  method="post"
                  className="flex items-center gap-2 rounded-full border border-ink-700 px-3 py-1 text-sm"
                >
                  <a href={url} rel="noreferrer noopener" target="_blank" className="hover:underline">
                    {key}
                  </a>
                  <input type="hidden" name="key" value={key} />
                  <button type="submit" name="intent" value="delete-social" aria-label={`Remove ${key} link`}>
                    ×
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
      </Section>

      <Section title="Gamertags">
        <Form method="post" className="flex flex-col gap-3">
          {gamertagErrors ? (
            <FormErrors
              errors={Object.values(gamertagErrors)
                .flat()
                .filter((e): e is string => !!e)}
            />
          ) : null}
          {gamertagRows.map((row, index) => (
            <div key={row.id} className="grid grid-cols-[10rem_1fr] gap-3">
              <select
                name={`gamertags[${index}].platform`}
                defaultValue={row.platform || "other"}
                aria-label={`Network of gamertag ${index + 1}`}
                className={inputClass}
              >
                {GAMERTAG_PLATFORMS.map((platform) => (
                  <option key={platform} value={platform}>
                    {platform}
                  </option>
                ))}
              </select>
              <input
                name={`gamertags[${index}].tag`}
                defaultValue={row.tag}
                aria-label={`Gamertag ${index + 1}`}
                placeholder={row.tag ? undefined : "Add a gamertag"}
                className={inputClass}
              />
            </div>
          ))}
          <p className="text-xs text-zinc-400">Clear a gamertag to remove it.</p>
          <button type="submit" name="intent" value="gamertags" className={`${buttonClass} self-start`}>
            Save gamertags
          </button>
        </Form>
      </Section>

      <Section title="Discord notifications">
        <DiscordPreferencesForm preferences={loaderData.discord} error={messageFor(actionData, "discord")} />
      </Section>

      <Section title="Change email">
        <Form method="post" {...getFormProps(emailForm)} className="flex flex-col gap-3">
          <EmailField field={emailFields.email} label="New email" />
          <button type="submit" name="intent" value="email" className={`${buttonClass} self-start`}>
            Send code to new email
          </button>
        </Form>
      </Section>

      <Section title="Your data and your account">
        <p className="text-sm text-zinc-400">
          Download everything we hold about you, or close your account.{" "}
          <a href="/profile/data" className="text-brand-400 underline">
            Your data and your account
          </a>
        </p>
      </Section>

      <Section title="Change password">
        <Form method="post" {...getFormProps(passwordForm)} className="flex flex-col gap-3">
          <PasswordField
            field={passwordFields.currentPassword}
            label="Current password"
            autoComplete="current-password"
          />
          <PasswordField field={passwordFields.newPassword} label="New password" autoComplete="new-password" />
          <PasswordField
            field={passwordFields.confirmPassword}
            label="Confirm new password"
            autoComplete="new-password"
          />
          <button type="submit" name="intent" value="password" className={`${buttonClass} self-start`}>
            Change password
          </button>
        </Form>
      </Section>
    </main>
  );
}
