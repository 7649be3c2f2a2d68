import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { AdminPage, buttonClass, FormAlert, Section, secondaryButtonClass } from "~/components/admin/ui";
import { uploadedFile } from "~/features/media/index.server";
import { BLANK_MODE_ROWS, gameSchema, STAFF_CATALOGUE_COPY } from "~/features/staff-catalogue";
import { createGame, getGameForStaff, platformChoices, updateGame } from "~/features/staff-catalogue/index.server";
import { inputClass } from "~/lib/ui/field";
import { envOf } from "~/platform/http.server";
import { orErrorPage } from "~/routes/_lib/form.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/game-edit";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.game ? `Edit ${loaderData.game.name}` : "Add game"} | Noobrd staff` },
];

/** /admin/games/add and /admin/edit-game/:gameId: one form for a game, its modes and platforms, images, colours. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "catalogue");
  const [choices, existing] = await Promise.all([
    platformChoices(env, viewer),
    params.gameId ? orErrorPage(getGameForStaff(env, viewer, params.gameId)) : Promise.resolve(null),
  ]);
  return {
    platforms: choices,
    game: existing?.game ?? null,
    modes: existing?.modes ?? [],
    platformIds: existing?.platformIds ?? [],
    gigs: existing?.gigs ?? 0,
  };
}

export const action = pageAction({
  guard: staffWith("catalogue"),
  intents: {
    save: {
      schema: gameSchema,
      run: (input, { env, viewer, formData, params }) => {
        const files = { image: uploadedFile(formData.get("image")), logo: uploadedFile(formData.get("gameLogo")) };
        return params.gameId
          ? updateGame(env, viewer, params.gameId, input, files)
          : createGame(env, viewer, input, files);
      },
      success: (_, { params }) => ({
        to: "/admin/games",
        message: params.gameId ? STAFF_CATALOGUE_COPY.gameUpdated : STAFF_CATALOGUE_COPY.gameAdded,
      }),
    },
  },
});

type Row = { id?: string; name?: string; durationMinutes?: string | number; noOfPlayers?: string | number };

export default function GameEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { game, platforms } = loaderData;
  const defaults = {
    name: game?.name ?? "",
    description: game?.description ?? "",
    crossplatform: game?.crossplatform ? "on" : "",
    showLanding: game?.showLanding ? "on" : "",
    primaryColor: game?.primaryColor ?? "",
    secondaryColor: game?.secondaryColor ?? "",
    alternatColor: game?.alternatColor ?? "",
    platformIds: loaderData.platformIds,
    modes: loaderData.modes.map((m) => ({
      id: m.id,
      name: m.name,
      durationMinutes: String(m.durationMinutes),
      noOfPlayers: String(m.noOfPlayers),
    })),
  };
  const [form] = useForm({
    id: "game-form",
    lastResult: actionData?.result,
    defaultValue: defaults as never,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: gameSchema }),
  });
  const navigation = useNavigation();
  // After a refused submit (JavaScript off too) the form shows what was sent, not the saved game.
  const values = (form.initialValue ?? defaults) as Record<string, unknown>;
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : "");
  const chosen = new Set(([] as unknown[]).concat(values.platformIds ?? []).map(String));
  const sent = (Array.isArray(values.modes) ? values.modes : []) as Row[];
  const rows: Row[] = [
    ...sent.filter((r) => r && (r.id || r.name)),
    ...Array.from({ length: BLANK_MODE_ROWS }, () => ({})),
  ];
  const errors = Object.values(form.allErrors).flat();
  return (
    <AdminPage
      title={game ? `Edit ${game.name}` : "Add game"}
      lead={
        game && loaderData.gigs > 0
          ? `${loaderData.gigs} gigs use this game: their modes and platforms stay.`
          : undefined
      }
      actions={
        <Link to="/admin/games" className={secondaryButtonClass}>
          Back to games
        </Link>
      }
    >
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="flex flex-col gap-6">
        <FormAlert id={form.errorId} errors={errors} />
        <Section title="Game">
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="flex flex-col gap-1 text-sm">
              Name
              <input name="name" defaultValue={text("name")} required maxLength={80} className={inputClass} />
            </label>
            <label className="flex flex-col gap-1 text-sm sm:col-span-2">
              Description
              <textarea
                name="description"
                defaultValue={text("description")}
                maxLength={2000}
                rows={3}
                className={inputClass}
              />
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="crossplatform" defaultChecked={text("crossplatform") === "on"} />
              Cross-platform play
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="showLanding" defaultChecked={text("showLanding") === "on"} />
              Show on the landing page
            </label>
            {(
              [
                ["primaryColor", "Primary colour"],
                ["secondaryColor", "Secondary colour"],
                ["alternatColor", "Alternate colour"],
              ] as const
            ).map(([name, label]) => (
              <label key={name} className="flex flex-col gap-1 text-sm">
                {label} (#rrggbb)
                <input
                  name={name}
                  defaultValue={text(name)}
                  pattern="#[0-9a-fA-F]{6}"
                  placeholder="#1a2b3c"
                  className={inputClass}
                />
              </label>
            ))}
            <label className="flex flex-col gap-1 text-sm">
              Cover image (PNG or JPEG){game?.imageUrl ? ", leave empty to keep the current one" : ""}
              <input type="file" name="image" accept="image/png,image/jpeg" className="text-sm" />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Logo (PNG or JPEG){game?.gameLogo ? ", leave empty to keep the current one" : ""}
              <input type="file" name="gameLogo" accept="image/png,image/jpeg" className="text-sm" />
            </label>
          </div>
        </Section>
        <Section title="Platforms it runs on">
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="sr-only">Platforms</legend>
            {platforms.map((p) => (
              <label key={p.id} className="flex items-center gap-2">
                <input type="checkbox" name="platformIds" value={p.id} defaultChecked={chosen.has(p.id)} />
                {p.name}
              </label>
            ))}
          </fieldset>
        </Section>
        <Section title="Modes">
          <p className="mb-3 text-sm text-zinc-400">
            Name, session length in minutes and fans per game. Empty rows are ignored; save to get more rows. A mode
            that gigs use cannot be removed.
          </p>
          <div className="flex flex-col gap-3">
            {rows.map((row, i) => (
              <fieldset key={row.id ?? `new-${i}`} className="grid grid-cols-3 gap-3 text-sm">
                <legend className="sr-only">Mode {i + 1}</legend>
                {row.id ? <input type="hidden" name={`modes[${i}].id`} value={row.id} /> : null}
                <label className="flex flex-col gap-1">
                  Mode {i + 1} name
                  <input
                    name={`modes[${i}].name`}
                    defaultValue={row.name ?? ""}
                    maxLength={60}
                    className={inputClass}
                  />
                </label>
                <label className="flex flex-col gap-1">
                  Mode {i + 1} minutes
                  <input
                    name={`modes[${i}].durationMinutes`}
                    type="number"
                    min={1}
                    max={1440}
                    defaultValue={row.durationMinutes ?? ""}
                    className={inputClass}
                  />
                </label>
                <label className="flex flex-col gap-1">
                  Mode {i + 1} players
                  <input
                    name={`modes[${i}].noOfPlayers`}
                    type="number"
                    min={1}
                    max={100}
                    defaultValue={row.noOfPlayers ?? ""}
                    className={inputClass}
                  />
                </label>
              </fieldset>
            ))}
          </div>
        </Section>
        <button type="submit" className={`${buttonClass} self-start`} disabled={navigation.state === "submitting"}>
          {game ? "Save game" : "Add game"}
        </button>
      </Form>
    </AdminPage>
  );
}
