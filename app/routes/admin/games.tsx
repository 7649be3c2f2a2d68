import { Form, Link } from "react-router";
import { AdminPage, buttonClass, dangerButtonClass, FormAlert, replyErrors, Section } from "~/components/admin/ui";
import { ConfirmButton } from "~/components/confirm";
import { idSchema, STAFF_CATALOGUE_COPY } from "~/features/staff-catalogue";
import { deleteGame, listGamesForStaff } from "~/features/staff-catalogue/index.server";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/games";

export const meta = () => [{ title: "Games | Noobrd staff" }];

/** /admin/games: every game with its modes and gig counts; edit, delete (refused while gigs use it), add. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "catalogue");
  return { games: await listGamesForStaff(env, viewer) };
}

export const action = pageAction({
  guard: staffWith("catalogue"),
  intents: {
    delete: {
      schema: idSchema,
      run: (v, { env, viewer }) => deleteGame(env, viewer, v.id),
      success: () => ({ to: "/admin/games", message: STAFF_CATALOGUE_COPY.gameDeleted }),
      fallback: STAFF_CATALOGUE_COPY.gameDeleteError,
      confirm: { question: STAFF_CATALOGUE_COPY.gameDeleteConfirm, yes: "Yes, delete" },
    },
  },
});

export default function Games({ loaderData, actionData }: Route.ComponentProps) {
  const errors = replyErrors(actionData);
  return (
    <AdminPage
      title="Games"
      lead="The games streamers offer sessions of. A game that gigs use cannot be deleted."
      actions={
        <Link to="/admin/games/add" className={buttonClass}>
          Add game
        </Link>
      }
    >
      <FormAlert errors={errors} />
      <Section title="All games">
        <div className="relative overflow-x-auto">
          <table className="stack-table w-full text-sm">
            <thead>
              <tr className="text-left text-zinc-400">
                <th scope="col">Game</th>
                <th scope="col">Modes</th>
                <th scope="col">Gigs</th>
                <th scope="col">Landing</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.games.map((game) => (
                <tr key={game.id} className="border-t border-ink-800">
                  <td data-label="Game" className="py-2">
                    <span className="flex items-center gap-2">
                      {game.imageUrl ? (
                        <img src={game.imageUrl} alt="" width={48} height={27} className="rounded object-cover" />
                      ) : null}
                      {game.name}
                    </span>
                  </td>
                  <td data-label="Modes">{game.modes}</td>
                  <td data-label="Gigs">{game.gigs}</td>
                  <td data-label="Landing">{game.showLanding ? "Shown" : "—"}</td>
                  <td className="flex flex-wrap justify-end gap-2 py-2">
                    <Link to={`/admin/edit-game/${game.id}`} className="underline" aria-label={`Edit ${game.name}`}>
                      Edit
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="id" value={game.id} />
                      {game.gigs > 0 ? (
                        <button
                          type="button"
                          className={dangerButtonClass}
                          aria-label={`Delete ${game.name}`}
                          disabled
                          title="Gigs use this game"
                        >
                          Delete
                        </button>
                      ) : (
                        <ConfirmButton
                          value="delete"
                          question={STAFF_CATALOGUE_COPY.gameDeleteConfirm}
                          yes="Yes, delete"
                          className={dangerButtonClass}
                          aria-label={`Delete ${game.name}`}
                        >
                          Delete
                        </ConfirmButton>
                      )}
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </AdminPage>
  );
}
