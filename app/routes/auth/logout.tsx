import { Form, Link, redirect } from "react-router";
import { AUTH_COPY } from "~/features/auth";
import { destroySession, getViewer } from "~/features/auth/index.server";
import { z } from "~/lib/zod";
import { envOf } from "~/platform/http.server";
import { anyone, pageAction } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/logout";

export const meta = () => [{ title: "Log out | Noobrd" }];

/** Without JavaScript the header's "Log out" lands here to confirm; with it, a dialog asks instead. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, envOf(context));
  if (!viewer) throw redirect("/");
  return null;
}

export const action = pageAction({
  guard: anyone,
  intents: {
    logout: {
      schema: z.object({}),
      run: (_, { request, env }) => destroySession(request, env),
      success: (clear: string) => ({
        to: "/",
        message: AUTH_COPY.loggedOut,
        headers: { "Set-Cookie": clear },
      }),
    },
  },
  otherwise: "logout",
});

export default function Logout() {
  return (
    <main className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-xl font-semibold">{AUTH_COPY.logoutConfirm}</h1>
      <Form method="post" className="mt-8 flex justify-center gap-3">
        <Link to="/" className="rounded-md border border-ink-700 px-4 py-2 text-sm hover:bg-ink-800">
          Cancel
        </Link>
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500">
          Yes, log out
        </button>
      </Form>
    </main>
  );
}
