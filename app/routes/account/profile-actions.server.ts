import type { RouterContextProvider } from "react-router";
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
import { clientIp, envOf, publicOrigin } from "~/platform/http.server";
import { humanCheckSite } from "~/platform/turnstile/turnstile.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { intentOf, type PageFormReply, runPageForm, unknownIntent } from "~/routes/_lib/page-form.server";
import { waitlistAction } from "~/routes/public/waitlist-action.server";

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

/** The profile page's forms (app/routes/account/profile.tsx): each intent's schema, use case and where it goes. */
export async function profileAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const env = envOf(context);
  const viewer = await requireUser(request, env);
  const formData = await request.formData();
  const intent = intentOf(formData) as Intent;
  const back =
    (message: string, kind: "success" | "warning" = "success") =>
    () => ({ to: "/profile", message, kind });
  // Each of the page's forms: its schema, its use case, where it goes after (runPageForm, app/routes/_lib).
  switch (intent) {
    case "leave-waitlist":
      return waitlistAction(env, viewer, intent, formData, "/profile#waitlists", humanCheckSite(request, env));
    case "picture":
      return runPageForm({
        env,
        formData,
        intent,
        schema: pictureSchema,
        run: (value) => uploadPicture(env, viewer.id, value.picture),
        success: back(PROFILE_COPY.pictureUpdated),
        shownFields: [],
      });
    case "bio":
      return runPageForm({
        env,
        formData,
        intent,
        schema: bioSchema,
        run: (value) => updateBio(env, viewer.id, value.bio),
        success: back(PROFILE_COPY.bioUpdated),
      });
    case "social":
      return runPageForm({
        env,
        formData,
        intent,
        schema: socialLinksSchema,
        run: (value) => updateSocialLinks(env, viewer.id, value),
        success: back(PROFILE_COPY.socialUpdated),
      });
    case "delete-social":
      return runPageForm({
        env,
        formData,
        intent,
        schema: socialKeyFormSchema,
        run: (value) => deleteSocialLink(env, viewer.id, value.key),
        success: back(PROFILE_COPY.socialRemoved, "warning"),
      });
    case "gamertags":
      return runPageForm({
        env,
        formData: withoutBlankGamertags(formData),
        intent,
        schema: gamertagsSchema,
        run: (value) => replaceGamertags(env, viewer.id, value.gamertags),
        success: back(PROFILE_COPY.gamertagsUpdated),
      });
    case "password":
      return runPageForm({
        env,
        formData,
        intent,
        schema: changePasswordSchema,
        run: async (value) => {
          await changePassword(env, viewer.id, value);
          // Every session ended with the change; this browser gets a fresh one.
          return startSession(request, env, viewer.id, clientIp(request, env));
        },
        success: (cookie) => ({ to: "/", message: AUTH_COPY.passwordUpdated, headers: { "Set-Cookie": cookie } }),
        hideFields: PASSWORD_FIELDS,
      });
    case "email": {
      const meta = { ip: clientIp(request, env), origin: publicOrigin(request, env) };
      return runPageForm({
        env,
        formData,
        intent,
        schema: changeEmailSchema,
        run: async (value) => ({
          ...(await requestEmailChange(env, viewer, viewer.id, value.email, meta)),
          email: value.email,
        }),
        success: ({ handle, email }) => ({ to: `/change-email/verifyotp/${handle}/${encodeURIComponent(email)}` }),
        shownFields: ["email"],
      });
    }
    case "discord":
      return runPageForm({
        env,
        formData,
        intent,
        schema: discordFormSchema,
        run: (value) => setDiscordPreferences(env, viewer, value),
        success: back("Discord notifications updated"),
        shownFields: [],
      });
    case "time-zone":
      return runPageForm({
        env,
        formData,
        intent,
        schema: timeZoneFormSchema,
        run: (value) => saveTimeZone(env, viewer.id, value.timeZone),
        success: (saved) => ({ to: "/profile", message: saved.message }),
        shownFields: [],
      });
    default:
      return unknownIntent("bio");
  }
}
