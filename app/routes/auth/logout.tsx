import { Form, Link, redirect } from "react-router";
import { AUTH_COPY } from "~/features/auth";
import { destroySession, getViewer } from "~/features/auth/index.server";
import { envOf } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/logout";

export const meta = () => [{ title: "Log out | Noobrd" }];

/** Without JavaScript the header's "Log out" lands here to confirm; with it, a dialog asks instead. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, envOf(context));
  if (!viewer) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = envOf(context);
  const clear = await destroySession(request, env);
  return redirectWithToast(env, "/", { kind: "success", message: AUTH_COPY.loggedOut }, { "Set-Cookie": clear });
}

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
