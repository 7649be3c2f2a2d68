/**
 * The performance layer between the Worker and React Router (README.md beside this file): the edge cache, the hit
 * tally, the per-endpoint request handlers and the page stream's script priority. Code outside this folder imports
 * it through this file only (tests/architecture/import-graph.test.ts).
 */
export { serveWithEdgeCache } from "./cache.server";
export { tallyIfHit } from "./hits.server";
export { routedHandlers } from "./route-handlers.server";
export { scriptsAfterFirstPaint } from "./script-priority.server";
