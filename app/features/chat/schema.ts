import { z } from "~/lib/zod";

/** The streamer's chat forms on the Chat page (plain forms; JavaScript not needed). */
const snowflake = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[0-9]{15,21}$/, { error: message });

export const discordRoleSchema = z.object({
  modRoleId: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    snowflake("Enter the role's id (Server Settings, Roles: right-click, Copy Role ID)").optional(),
  ),
});
export type DiscordRoleDraft = z.output<typeof discordRoleSchema>;

export const chatPlatformSchema = z.object({
  platform: z.enum(["twitch", "discord"], { error: "Choose Twitch or Discord" }),
});

export const chatCommandsSchema = chatPlatformSchema.extend({
  on: z.enum(["on", "off"], { error: "Choose on or off" }),
});
