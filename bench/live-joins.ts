/**
 * The joins half of bench/live.ts: every fan sends POST /api/join_regular at once (bounded concurrency), then the
 * places are read back from D1: one active place per fan, positions 1..n with no gap and no duplicate; with
 * workerd's CPU per join and, with `profile`, the inspector's samples of the joins.
 */
import { d1, groupCpuMs, UNCOMPRESSED } from "./lib";
import type { Fan } from "./live-setup";
import { inspectorOf, startProfile } from "./profile";

export async function joinsPhase(options: {
  base: string;
  /** The preview's address, which names workerd's inspector (`profile`). */
  preview: string;
  state: string;
  liveSessionId: string;
  fans: Fan[];
  concurrency: number;
  profile: boolean;
  /** The server's process (its group's CPU is workerd's); none when measuring a server already running. */
  serverPid?: number;
}) {
  const { base, fans, liveSessionId, concurrency, serverPid } = options;
  let next = 0;
  const statuses = new Map<number, number>();
  // The Cloudflare plugin names the inspector at the preview's /__debug, not workerd's own socket.
  const stopProfile = options.profile ? await startProfile(await inspectorOf(options.preview)) : null;
  const cpuBefore = serverPid ? groupCpuMs(serverPid) : Number.NaN;
  const joinStarted = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < fans.length) {
        const fan = fans[next++] as Fan;
        const response = await fetch(`${base}/api/join_regular`, {
          method: "POST",
          headers: { ...UNCOMPRESSED, "Content-Type": "application/json", Cookie: fan.cookie, Origin: base },
          body: JSON.stringify({ liveSessionId }),
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const joinSeconds = (performance.now() - joinStarted) / 1000;
  const joinCpuMs = (serverPid ? groupCpuMs(serverPid) : Number.NaN) - cpuBefore;
  if (stopProfile) await stopProfile("POST /api/join_regular", fans.length);
  const [check] = d1(
    options.state,
    `SELECT count(*) AS places, count(DISTINCT user_id) AS fans, count(DISTINCT position) AS positions,
              min(position) AS first, max(position) AS last
              FROM queue_entries WHERE live_session_id = '${liveSessionId}' AND state = 'waiting'`,
  );
  const places = Number(check?.places ?? 0);
  const joins = {
    fans: fans.length,
    ok: statuses.get(200) ?? 0,
    otherStatuses: JSON.stringify(Object.fromEntries([...statuses].filter(([s]) => s !== 200))),
    joinsPerSecond: Math.round(places / joinSeconds),
    // workerd's CPU per join (the Worker, the object and local D1 together): steadier than joins/s on a busy machine.
    workerdCpuMsPerJoin: Math.round((joinCpuMs / Math.max(1, fans.length)) * 10) / 10,
    places,
    lost: fans.length - Number(check?.fans ?? 0),
    duplicated: places - Number(check?.fans ?? 0),
    positionGaps: Number(check?.last ?? 0) - Number(check?.first ?? 0) + 1 - Number(check?.positions ?? 0),
  };
  console.log(`\n== joins (POST /api/join_regular, ${concurrency} concurrent)`);
  console.table([joins]);
  return joins;
}
