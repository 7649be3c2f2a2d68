import { data } from "react-router";
import { formatDateTime, useViewerZone } from "~/features/time";
import { envOf } from "~/platform/http.server";
import { lastJobRuns } from "~/platform/job-runs.server";
import type { Route } from "./+types/jobs";

export const meta = () => [{ title: "Scheduled jobs (development) | Noobrd" }];

/**
 * The scheduled jobs' last runs: `npm run dev` runs the Worker's crons every minute as Cloudflare does once deployed
 * (scripts/dev-cron.ts), and each run of a task is kept (app/platform/job-runs.server.ts). Absent in production.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (import.meta.env.MODE === "production") throw data("Not found", { status: 404 });
  const runs = await lastJobRuns(envOf(context));
  return { runs: runs.map((run) => ({ ...run, ranAt: run.ranAt.getTime() })) };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const zone = useViewerZone();
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">Scheduled jobs</h1>
      <p className="mt-2 text-sm text-zinc-400">
        Development only: the dev server runs the crons of wrangler.toml every minute, as Cloudflare does once deployed.
      </p>
      {loaderData.runs.length === 0 ? (
        <p className="mt-6 text-zinc-400">No job has run yet: the first runs at the start of the next minute.</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm" data-testid="job-runs">
          <thead>
            <tr className="text-zinc-400">
              <th className="py-2 pr-3">Job</th>
              <th className="py-2 pr-3">Last ran</th>
              <th className="py-2 pr-3">Result</th>
              <th className="py-2">Runs</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.runs.map((run) => (
              <tr key={run.task} className="border-t border-ink-700 align-top">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {run.task}
                  <span className="block font-mono text-xs text-zinc-400">{run.cron}</span>
                </th>
                <td className="py-2 pr-3">{formatDateTime(run.ranAt, zone)}</td>
                <td className={`py-2 pr-3 break-all font-mono text-xs ${run.ok ? "text-emerald-300" : "text-red-300"}`}>
                  {run.ok ? "ok" : "failed"} {run.outcome}
                </td>
                <td className="py-2">{run.runs}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
