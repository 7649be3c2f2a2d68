import { DISCORD_COMMANDS } from "../app/platform/discord/commands";

/**
 * Registers the chat queue's slash commands with the Discord application (docs/deploying.md): with
 * DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN in the environment, PUTs them as the application's global commands;
 * without, prints them as JSON. `npx tsx scripts/discord-commands.ts`
 */
const applicationId = process.env.DISCORD_APPLICATION_ID;
const botToken = process.env.DISCORD_BOT_TOKEN;
if (!applicationId || !botToken) {
  console.log(JSON.stringify(DISCORD_COMMANDS, null, 2));
} else {
  const answer = await fetch(`https://discord.com/api/v10/applications/${applicationId}/commands`, {
    method: "PUT",
    headers: { Authorization: `Bot ${botToken}`, "Content-Type": "application/json" },
    body: JSON.stringify(DISCORD_COMMANDS),
  });
  console.log(`discord answered ${answer.status}`);
  if (!answer.ok) {
    console.error(await answer.text());
    process.exit(1);
  }
}
