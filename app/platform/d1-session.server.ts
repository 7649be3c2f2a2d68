/**
 * D1 read replication through the Sessions API (docs/decisions/012-edge-cache-and-read-replicas.md).
 *
 * Every request runs its queries in one D1 session. A read (GET/HEAD) without a bookmark may start at any
 * replica ("first-unconstrained"); a write starts at the primary ("first-primary"). After a write the
 * session's bookmark goes back to the client (an HttpOnly cookie for browsers, the X-D1-Bookmark header for
 * API clients), and a request that carries one starts from a replica at least that fresh: a user always
 * reads their own writes. The cookie also keeps that browser out of the edge cache for its lifetime, since
 * any cookie of ours does (app/platform/edge/cache.server.ts).
 *
 * Locally (wrangler, vite, tests) there is one database and no replica: the session API works the same.
 */
import { withHeaders } from "./response";

export const BOOKMARK_COOKIE = "d1_bookmark";
export const BOOKMARK_HEADER = "X-D1-Bookmark";
/** Replicas catch up within seconds; after this the bookmark is no longer needed. */
const BOOKMARK_MAX_AGE_SECONDS = 300;

/** The bookmark cookie's value (compiled once, not per request). */
const BOOKMARK_IN_COOKIE = new RegExp(`(?:^|;\\s*)${BOOKMARK_COOKIE}=([\\w-]{1,200})(?:;|$)`);

function bookmarkFrom(request: Request): string | null {
  const header = request.headers.get(BOOKMARK_HEADER);
  if (header && /^[\w-]{1,200}$/.test(header)) return header;
  const cookie = request.headers.get("Cookie") ?? "";
  return BOOKMARK_IN_COOKIE.exec(cookie)?.[1] ?? null;
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * A D1Database whose queries all run in the request's session, started by its first query: a request that
 * makes none (a cached page) starts none. exec and dump, which sessions lack, use the binding.
 */
function sessionDatabase(db: D1Database, session: () => D1DatabaseSession): D1Database {
  return {
    prepare: (query: string) => session().prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session().batch<T>(statements),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraintOrBookmark?: string) => db.withSession(constraintOrBookmark),
  } as D1Database;
}

/**
 * `env` with one binding replaced. The copy inherits the rest from `env` rather than copying them: copying every
 * binding of the Worker cost ~0.08 ms a request (a fifth of a cached page's own work). Read its bindings by name;
 * spreading it (`{ ...env }`) would keep only the replaced one, so derive a further copy with this too.
 */
export function withBinding<K extends keyof Env>(env: Env, name: K, value: Env[K]): Env {
  return Object.create(env, { [name]: { value, enumerable: true } }) as Env;
}

export type D1RequestSession = {
  /** The Worker's env with DB bound to this request's session: hand it to everything that queries. */
  env: Env;
  /** Adds the session's bookmark to the response when the client needs it to read its own writes. */
  finish(response: Response): Response;
};

export function openD1Session(request: Request, env: Env): D1RequestSession {
  let session: D1DatabaseSession | null = null;
  const started = () => {
    session ??= env.DB.withSession(
      bookmarkFrom(request) ?? (isRead(request) ? "first-unconstrained" : "first-primary"),
    );
    return session;
  };
  return {
    env: withBinding(env, "DB", sessionDatabase(env.DB, started)),
    finish(response) {
      const wrote = !isRead(request);
      const viaHeader = request.headers.has(BOOKMARK_HEADER);
      if (response.status === 101 || (!wrote && !viaHeader) || !session) return response;
      const bookmark = session.getBookmark();
      if (!bookmark) return response;
      return withHeaders(response, (headers) => {
        headers.set(BOOKMARK_HEADER, bookmark);
        if (wrote && !viaHeader) {
          const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
          headers.append(
            "Set-Cookie",
            `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
          );
        }
      });
    },
  };
}
