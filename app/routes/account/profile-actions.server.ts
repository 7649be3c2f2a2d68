import type { Viewer } from "~/features/access";
import { AUTH_COPY, changeEmailSchema, changePasswordSchema } from "~/features/auth";
import { changePassword, requestEmailChange, startSession } from "~/features/auth/index.server";
import { discordFormSchema } from "~/features/notifications";
import { setDiscordPreferences } from "~/features/notifications/index.server";
import { bioSchema, gamertagsSchema, PROFILE_COPY, SOCIAL_NETWORKS, socialLinksSchema } from "~/features/profile";
import {
  deleteSocialLink,
  replaceGamertags,
  updateBio,
  updateSocialLinks,
  uploadPicture,
} from "~/features/profile/index.server";
import { TIME_COPY } from "~/features/time";
import { saveTimeZone } from "~/features/time/index.server";
import { z } from "~/lib/zod";
import { clientIp, publicOrigin } from "~/platform/http.server";
import type { PageFormReply, Intent as PageIntent } from "~/routes/_lib/page-action.server";
import { waitlistIntents } from "~/routes/public/waitlist-action.server";

export type Intent =
  | "leave-waitlist"
  | "picture"
  | "bio"
  | "social"
  | "delete-social"
  | "gamertags"
  | "password"
  | "email"
  | "discord"
  | "time-zone";
export type ActionData = PageFormReply;

const pictureSchema = z.object({ picture: z.instanceof(File, { error: PROFILE_COPY.invalidImage }) });
const socialKeyFormSchema = z.object({ key: z.enum(SOCIAL_NETWORKS, { error: PROFILE_COPY.socialError }) });
const timeZoneFormSchema = z.object({ timeZone: z.string({ error: TIME_COPY.unknownZone }) });
/** One of the page's forms, typed from its schema and result (a signed-in viewer's). */
const intentOf = <S extends z.ZodType, T>(intent: PageIntent<Viewer, S, T>) => intent;

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

/** Gamertag rows left blank in the form are not gamertags. */
function withoutBlankGamertags(formData: FormData) {
  const cleaned = new FormData();
  let next = 0;
  for (let i = 0; formData.has(`gamertags[${i}].platform`); i++) {
    const tag = String(formData.get(`gamertags[${i}].tag`) ?? "").trim();
    if (!tag) continue;
    cleaned.set(`gamertags[${next}].platform`, String(formData.get(`gamertags[${i}].platform`)));
    cleaned.set(`gamertags[${next}].tag`, tag);
    next++;
  }
  return cleaned;
}

const back =
  (message: string, kind: "success" | "warning" = "success") =>
  () => ({ to: "/profile", message, kind });

/** The profile page's forms (app/routes/account/profile.tsx) as `pageAction` intents: schema, use case, where it goes. */
export const profileIntents = {
  "leave-waitlist": waitlistIntents(() => "/profile#waitlists")["leave-waitlist"],
  picture: intentOf({
    schema: pictureSchema,
    run: (value, { env, viewer }) => uploadPicture(env, viewer.id, value.picture),
    success: back(PROFILE_COPY.pictureUpdated),
    shownFields: [],
  }),
  bio: intentOf({
    schema: bioSchema,
    run: (value, { env, viewer }) => updateBio(env, viewer.id, value.bio),
    success: back(PROFILE_COPY.bioUpdated),
  }),
  social: intentOf({
    schema: socialLinksSchema,
    run: (value, { env, viewer }) => updateSocialLinks(env, viewer.id, value),
    success: back(PROFILE_COPY.socialUpdated),
  }),
  "delete-social": intentOf({
    schema: socialKeyFormSchema,
    run: (value, { env, viewer }) => deleteSocialLink(env, viewer.id, value.key),
    success: back(PROFILE_COPY.socialRemoved, "warning"),
  }),
  gamertags: intentOf({
    schema: gamertagsSchema,
    tidy: withoutBlankGamertags,
    run: (value, { env, viewer }) => replaceGamertags(env, viewer.id, value.gamertags),
    success: back(PROFILE_COPY.gamertagsUpdated),
  }),
  password: intentOf({
    schema: changePasswordSchema,
    run: async (value, { env, viewer, request }) => {
      await changePassword(env, viewer.id, value);
      // Every session ended with the change; this browser gets a fresh one.
      return startSession(request, env, viewer.id, clientIp(request, env));
    },
    success: (cookie) => ({ to: "/", message: AUTH_COPY.passwordUpdated, headers: { "Set-Cookie": cookie } }),
    hideFields: PASSWORD_FIELDS,
  }),
  email: intentOf({
    schema: changeEmailSchema,
    run: async (value, { env, viewer, request }) => {
      const meta = { ip: clientIp(request, env), origin: publicOrigin(request, env) };
      return { ...(await requestEmailChange(env, viewer, viewer.id, value.email, meta)), email: value.email };
    },
    success: ({ handle, email }) => ({ to: `/change-email/verifyotp/${handle}/${encodeURIComponent(email)}` }),
    shownFields: ["email"],
  }),
  discord: intentOf({
    schema: discordFormSchema,
    run: (value, { env, viewer }) => setDiscordPreferences(env, viewer, value),
    success: back("Discord notifications updated"),
    shownFields: [],
  }),
  "time-zone": intentOf({
    schema: timeZoneFormSchema,
    run: (value, { env, viewer }) => saveTimeZone(env, viewer.id, value.timeZone),
    success: (saved) => ({ to: "/profile", message: saved.message }),
    shownFields: [],
  }),
};
