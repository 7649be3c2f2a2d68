import { DISCORD_SIGNATURE_HEADERS } from "../../discord/interactions.server";

/**
 * The local Discord of development and tests: a slash command's interaction as Discord posts it to the interactions
 * endpoint, signed with the stand-in's Ed25519 key pair (its public half is DEV_DISCORD_PUBLIC_KEY), so the endpoint
 * verifies it like any other. Registered by workers/dev-composition.ts for the /dev/chat routes; the tests import it.
 */
const DEV_PRIVATE_KEY: JsonWebKey = {
  kty: "OKP",
  crv: "Ed25519",
  d: "feCzFh9FY1y04Wl7Q2INETuCnYVcWVj0EdLSDFQh3YY",
  x: "cl4wrTOBnzurE6b87Iv2wfvxh_CJpsX4AyOcyw0pPLo",
};

export type DevInteraction = {
  /** The server (guild) id and the member typing. */
  guildId: string;
  user: string;
  userId?: string;
  /** The slash command's name and its options (`tag`, `fan`). */
  command: string;
  options?: Record<string, string>;
  roles?: string[];
  /** The member's permissions in the channel (a decimal bit set, as Discord sends it). */
  permissions?: string;
  /** 1 for Discord's PING; 2 (a command) otherwise. */
  type?: 1 | 2;
  id?: string;
};

/** A stable snowflake-like id for a name, so one name is one member across commands. */
export function devDiscordId(name: string): string {
  let hash = 11n;
  for (const char of name.toLowerCase())
    hash = (hash * 257n + BigInt(char.codePointAt(0) ?? 0)) % 9_999_999_999_999_937n;
  return String(hash + 100_000_000_000_000_000n);
}

/** A chat line typed on the development page ("/join Tag" or "!join Tag") as a slash command. */
function slashCommandOf(text: string): { command: string; options: Record<string, string> } | null {
  const match = /^\s*[/!]([a-z]+)(?:\s+(.*))?$/is.exec(text);
  if (!match) return null;
  const command = (match[1] ?? "").toLowerCase();
  const rest = (match[2] ?? "").trim();
  if (command === "join") return { command, options: rest ? { tag: rest } : {} };
  if (command === "connect") return { command, options: rest ? { code: rest.replace(/^code:/, "") } : {} };
  if (command === "remove") return { command, options: rest ? { fan: rest.replace(/^@/, "") } : {} };
  return { command, options: {} };
}

function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function signedDiscordInteraction(
  interaction: DevInteraction,
  options: { at?: Date; body?: string; key?: CryptoKey } = {},
): Promise<{ headers: Headers; body: string }> {
  const id = interaction.id ?? `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const body =
    options.body ??
    JSON.stringify(
      interaction.type === 1
        ? { id, type: 1, application_id: "stand-in", token: `dev-chat/${id}`, version: 1 }
        : {
            id,
            type: 2,
            application_id: "stand-in",
            token: `dev-chat/${id}`,
            version: 1,
            guild_id: interaction.guildId,
            channel_id: "1",
            data: {
              id: `cmd-${interaction.command}`,
              name: interaction.command,
              type: 1,
              options: Object.entries(interaction.options ?? {}).map(([name, value]) => ({ name, type: 3, value })),
            },
            member: {
              user: {
                id: interaction.userId ?? devDiscordId(interaction.user),
                username: interaction.user.toLowerCase(),
                global_name: interaction.user,
              },
              roles: interaction.roles ?? [],
              permissions: interaction.permissions ?? "0",
            },
          },
    );
  const timestamp = String(Math.floor((options.at ?? new Date()).getTime() / 1000));
  const key =
    options.key ?? (await crypto.subtle.importKey("jwk", DEV_PRIVATE_KEY, { name: "Ed25519" }, false, ["sign"]));
  const signature = await crypto.subtle.sign("Ed25519", key, new TextEncoder().encode(timestamp + body));
  const headers = new Headers({
    "Content-Type": "application/json",
    [DISCORD_SIGNATURE_HEADERS.signature]: toHex(signature),
    [DISCORD_SIGNATURE_HEADERS.timestamp]: timestamp,
  });
  return { headers, body };
}

/**
 * A member's line typed on the development page ("/join Tag") as the local Discord posts it to the interactions
 * endpoint, or false when the line is not a slash command.
 */
export async function signedDiscordLine(line: {
  guildId: string;
  user: string;
  text: string;
  owner?: boolean;
}): Promise<{ headers: Headers; body: string } | false> {
  const slash = slashCommandOf(line.text);
  if (!slash) return false;
  // The server's owner has every permission; the stand-in gives them ADMINISTRATOR, which is enough for `/connect`.
  const permissions = line.owner ? "8" : "0";
  return signedDiscordInteraction({ guildId: line.guildId, user: line.user, permissions, ...slash });
}
