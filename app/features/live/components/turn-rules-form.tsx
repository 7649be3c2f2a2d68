import { Form } from "react-router";
import { REJOIN_COOLDOWN_MAX, turnRuleText, VIP_PER_REGULAR_MAX } from "../turns";

const RATIOS = Array.from({ length: VIP_PER_REGULAR_MAX }, (_, i) => i + 1);

/**
 * The queue dashboard's turn rules (a plain form: it works without JavaScript): the order of service, VIP first or
 * one regular after every N VIP, and how many turns a fan who has played waits before rejoining the regular lane.
 */
export function TurnRulesForm({ rules }: { rules: { vipPerRegular: number | null; rejoinCooldown: number } }) {
  return (
    <section aria-label="Turn rules" className="rounded-lg border border-ink-700 bg-ink-900 p-4 text-sm">
      <h2 className="mb-2 text-lg font-semibold">Turn rules</h2>
      <p className="mb-3 text-zinc-400" data-testid="turn-rule">
        Now: {turnRuleText(rules.vipPerRegular)}
        {rules.rejoinCooldown > 0 ? `; rejoin after ${rules.rejoinCooldown} other turns` : ""}
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="turnRules" />
        <label className="flex flex-col gap-1">
          Order of service
          <select
            name="vipPerRegular"
            defaultValue={rules.vipPerRegular === null ? "vip_first" : String(rules.vipPerRegular)}
            className="rounded border border-ink-700 bg-ink-950 px-2 py-1"
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
            className="w-24 rounded border border-ink-700 bg-ink-950 px-2 py-1"
          />
        </label>
        <button type="submit" className="rounded-lg bg-brand-600 px-3 py-1 font-semibold">
          Save
        </button>
      </Form>
    </section>
  );
}
