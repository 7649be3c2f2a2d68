import type { OrderKind } from "~db/schema";
import type { FulfilmentStep } from "./steps";

/**
 * The fulfilment step of each order kind. The composition root (workers/composition.ts) registers them, one per
 * kind: a kind without a step cannot be sold by card. Each step lives with its feature (booking, live, the wallet's
 * top-up here) and imports nothing of payments but its types (steps.ts), so payments imports none of the features
 * that sell through it.
 */
let steps: Readonly<Partial<Record<OrderKind, FulfilmentStep>>> | null = null;

/** Sets the table of steps (the composition root, once per isolate, before any request). */
export function setFulfilmentSteps(table: Readonly<Partial<Record<OrderKind, FulfilmentStep>>>): void {
  steps = table;
}

/** The step of an order kind, or undefined when the kind is not sold by card. */
export function fulfilmentStep(kind: OrderKind): FulfilmentStep | undefined {
  if (!steps) throw new Error("no fulfilment steps: workers/composition.ts was not loaded");
  return steps[kind];
}
