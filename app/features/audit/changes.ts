import { type CurrencyCode, formatMoney, money } from "~/lib/money";
import { currencyCode } from "~/lib/money-math";

/**
 * An audit entry's before and after (docs/decisions/005-staff-capabilities.md: who, what, when, before, after) as
 * lines a person reads: one per field that changed, amounts in minor units as money, fees in basis points as
 * percentages, times as dates, lists shortened. The stored JSON stays as it is.
 */
export type AuditChange = { field: string; before: string | null; after: string | null };

type Shape = Record<string, unknown>;

const isShape = (value: unknown): value is Shape =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** "platformFeeBps" -> "platform fee", "grossMinor" -> "gross", "isActive" -> "active". */
function fieldLabel(key: string): string {
  const bare = key.replace(/(Minor|Bps)$/, "").replace(/^is([A-Z])/, "$1");
  return bare
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
}

function currencyOf(...shapes: unknown[]): CurrencyCode {
  for (const shape of shapes) {
    if (!isShape(shape)) continue;
    const code = shape.currency ?? shape.baseCurrency;
    if (code === "USD" || code === "INR") return currencyCode(code);
  }
  return "USD";
}

function valueText(key: string, value: unknown, currency: CurrencyCode): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" && key.endsWith("Minor")) return formatMoney(money(value, currency));
  if (typeof value === "number" && key.endsWith("Bps")) return `${value / 100}%`;
  if (typeof value === "number" && key.endsWith("At"))
    return new Date(value).toISOString().replace("T", " ").slice(0, 16);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) {
    if (value.length > 3) return `${value.length} items`;
    return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(", ");
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function describeChanges(before: unknown, after: unknown): AuditChange[] {
  const currency = currencyOf(after, before);
  if (!isShape(before) && !isShape(after)) {
    const b = valueText("value", before, currency);
    const a = valueText("value", after, currency);
    return b === null && a === null ? [] : [{ field: "value", before: b, after: a }];
  }
  const was = isShape(before) ? before : {};
  const now = isShape(after) ? after : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys
    .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]))
    .map((key) => ({
      field: fieldLabel(key),
      before: valueText(key, was[key], currency),
      after: valueText(key, now[key], currency),
    }));
}
