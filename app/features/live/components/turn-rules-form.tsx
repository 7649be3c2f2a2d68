import { Form } from "react-router";
import { READY_SECONDS_CHOICES, readySecondsText, type VipMissed } from "../ready-check";
import { REJOIN_COOLDOWN_MAX, turnRuleText, VIP_PER_REGULAR_MAX } from "../turns";

const RATIOS = Array.from({ length: VIP_PER_REGULAR_MAX }, (_, i) => i + 1);

const VIP_MISSED_TEXT: Record<VipMissed, string> = {
  keep: "Move them back (keep the place)",
  remove: "Remove them (refund the place)",
};

const field = "min-h-11 rounded border border-ink-700 bg-ink-950 px-2";

/**
 * The queue dashboard's turn rules (a plain form: it works without JavaScript): the order of service, VIP first or
 * one regular after every N VIP, how many turns a fan who has played waits before rejoining the regular lane, how
 * long a called fan has to confirm they are ready, and what a missed ready check does to a VIP place.
 */
export function TurnRulesForm({
  rules,
}: {
  rules: { vipPerRegular: number | null; rejoinCooldown: number; readySeconds: number; vipMissed: VipMissed };
}) {
  return (
    <section aria-label="Turn rules" className="rounded-lg border border-ink-700 bg-ink-900 p-4 text-sm">
      <h2 className="mb-2 text-lg font-semibold">Turn rules</h2>
      <p className="mb-3 text-zinc-400" data-testid="turn-rule">
        Now: {turnRuleText(rules.vipPerRegular)}
        {rules.rejoinCooldown > 0 ? `; rejoin after ${rules.rejoinCooldown} other turns` : ""}; ready check{" "}
        {readySecondsText(rules.readySeconds)}
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="turnRules" />
        <label className="flex flex-col gap-1">
          Order of service
          <select
            name="vipPerRegular"
            defaultValue={rules.vipPerRegular === null ? "vip_first" : String(rules.vipPerRegular)}
            className={field}
          >
            <option value="vip_first">{turnRuleText(null)}</option>
            {RATIOS.map((n) => (
              <option key={n} value={n}>
                {turnRuleText(n)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          Rejoin cooldown (turns)
          <input
            type="number"
            name="rejoinCooldown"
            min={0}
            max={REJOIN_COOLDOWN_MAX}
            defaultValue={rules.rejoinCooldown}
            className={`w-24 ${field}`}
          />
        </label>
        <label className="flex flex-col gap-1">
          Ready check
          <select name="readySeconds" defaultValue={String(rules.readySeconds)} className={field}>
            {[...new Set([...READY_SECONDS_CHOICES, rules.readySeconds])]
              .sort((a, b) => a - b)
              .map((seconds) => (
                <option key={seconds} value={seconds}>
                  {readySecondsText(seconds)}
                </option>
              ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          VIP fan misses it
          <select name="vipMissed" defaultValue={rules.vipMissed} className={field}>
            {(Object.keys(VIP_MISSED_TEXT) as VipMissed[]).map((choice) => (
              <option key={choice} value={choice}>
                {VIP_MISSED_TEXT[choice]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="min-h-11 rounded-lg bg-brand-600 px-4 font-semibold">
          Save
        </button>
      </Form>
    </section>
  );
}
