import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { canStaff } from "~/features/access/capabilities";
import { STAFF_ROLES, type StaffRole } from "~/features/access/policy";
import { createSession } from "~/features/auth/session.server";
import { ADMIN_DOORS, type AdminDoor } from "../admin/doors";
import { banUser, createStreamer, createUser } from "../factories";
import { staffUser } from "./admin-world";
import { Client } from "./client";

/**
 * The role matrix (ADR 005, docs/decisions/016): every staff door (tests/admin/doors.ts) tried as every kind of visitor.
 * Refused visitors get exactly: anonymous -> a redirect to the staff login or the home page (pages) or 401 (API);
 * a fan, a streamer, inactive staff and staff whose role lacks the capability -> 403, or for pages of non-staff a
 * redirect away; a banned user's session no longer exists -> as anonymous. Permitted roles are never refused and
 * never get a 5xx (a made-up id may give 404, an empty body 400).
 */
type Persona = { name: string; cookie: string; role: StaffRole | null; kind: "anonymous" | "outsider" | "staff" };

async function cookieFor(userId: string) {
  return (await createSession(env, userId)).split(";")[0] ?? "";
}

async function personas(): Promise<Persona[]> {
  const fan = await createUser(env.DB);
  const streamer = await createStreamer(env.DB);
  const inactive = await staffUser("admin", { isActive: false });
  const banned = await staffUser("admin");
  await banUser(env.DB, banned.user.id, "matrix");
  const staff = await Promise.all(
    STAFF_ROLES.map(async (role) => ({
      name: role,
      cookie: (await staffUser(role)).cookie,
      role,
      kind: "staff" as const,
    })),
  );
  return [
    { name: "anonymous", cookie: "", role: null, kind: "anonymous" },
    { name: "fan", cookie: await cookieFor(fan.id), role: null, kind: "outsider" },
    { name: "streamer", cookie: await cookieFor(streamer.id), role: null, kind: "outsider" },
    { name: "inactive admin", cookie: inactive.cookie, role: null, kind: "outsider" },
    { name: "banned admin", cookie: banned.cookie, role: null, kind: "anonymous" },
    ...staff,
  ];
}

const fill = (path: string) => path.replace(/:[A-Za-z]+/g, "no-such-id");

async function knock(door: AdminDoor, cookie: string): Promise<Response> {
  const client = new Client();
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const path = `/${door.kind === "api" ? "api/" : ""}${fill(door.path)}`;
  if (door.method === "GET") return client.get(path, headers);
  if (door.method === "DELETE") return client.send(path, { method: "DELETE", headers });
  if (door.kind === "api") return client.postJson(path, door.body ?? {}, headers);
  return client.post(path, { intent: "none", ...(door.body as Record<string, string> | undefined) }, headers);
}

function verdict(door: AdminDoor, persona: Persona, response: Response): string | null {
  const status = response.status;
  const location = response.headers.get("Location") ?? "";
  const label = `${persona.name} ${door.method} ${door.kind} ${door.path} -> ${status} ${location}`;
  if (status >= 500) return `${label}: a server error`;
  const permitted = persona.kind === "staff" && persona.role !== null && canStaff(persona.role, door.capability);
  const redirectedAway =
    status >= 300 && status < 400 && /^(\/|\/admin\/login)(\?|$)/.test(new URL(location, "http://x").pathname);
  if (permitted)
    return status === 401 || status === 403 || redirectedAway ? `${label}: refused a permitted role` : null;
  if (persona.kind === "anonymous") {
    const ok = door.kind === "api" ? status === 401 : status === 401 || redirectedAway;
    return ok ? null : `${label}: expected 401 or a redirect to the login`;
  }
  const ok = status === 403 || (door.kind === "page" && persona.kind === "outsider" && redirectedAway);
  return ok ? null : `${label}: expected 403`;
}

/** The doors in groups of ten: each group is its own test, so a slow machine meets no test-wide timeout. */
const DOOR_GROUPS = Array.from({ length: Math.ceil(ADMIN_DOORS.length / 10) }, (_, i) =>
  ADMIN_DOORS.slice(i * 10, i * 10 + 10),
);

describe("the staff role matrix (ADR 005)", () => {
  let people: Persona[] = [];
  beforeAll(async () => {
    people = await personas();
  });

  it.each(DOOR_GROUPS.map((doors, i) => [`${i * 10 + 1}-${i * 10 + doors.length}`, doors] as const))(
    "lets doors %s through only for the roles that hold their capability",
    async (_, doors) => {
      const failures: string[] = [];
      for (const door of doors) {
        const answers = await Promise.all(people.map(async (p) => [p, await knock(door, p.cookie)] as const));
        for (const [persona, response] of answers) {
          const problem = verdict(door, persona, response);
          if (problem) failures.push(problem);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it("covers every capability some door needs with at least one permitted and one refused staff role", () => {
    const capabilities = new Set(ADMIN_DOORS.map((d) => d.capability));
    for (const capability of capabilities) {
      expect(STAFF_ROLES.some((r) => canStaff(r, capability))).toBe(true);
    }
    expect(ADMIN_DOORS.length).toBeGreaterThan(10);
  });
});
