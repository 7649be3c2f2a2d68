/**
 * The slash commands the application registers (PUT /applications/{id}/commands, docs/deploying.md): what a
 * member types in a connected server.
 */
export const DISCORD_COMMANDS = [
  {
    name: "join",
    description: "Join the streamer's live queue",
    options: [{ type: 3, name: "tag", description: "Your gamer tag (else your Discord name)", required: false }],
  },
  { name: "leave", description: "Leave the live queue" },
  { name: "position", description: "Your place in line (only you see the answer)" },
  { name: "queue", description: "The live queue's link" },
  { name: "vip", description: "Where to buy a VIP place" },
  { name: "ready", description: "Confirm you're ready when you're up" },
  { name: "next", description: "Moderators: call the next fan" },
  {
    name: "remove",
    description: "Moderators: remove a fan from the queue",
    options: [{ type: 3, name: "fan", description: "Their gamer tag or chat name", required: true }],
  },
  {
    name: "connect",
    description: "Server managers: connect this server to your Noobrd queue",
    options: [{ type: 3, name: "code", description: "The code on your Chat page on Noobrd", required: true }],
    // Shown to members with Manage Server only (Discord's MANAGE_GUILD bit); the app checks it again.
    default_member_permissions: "32",
  },
].map((command) => ({ ...command, type: 1, contexts: [0] }));
