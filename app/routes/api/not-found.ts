import { jsonError } from "~/platform/http.server";

/** Unknown /api paths answer JSON, not the HTML fallback page. */
export function loader() {
  return jsonError(404, "Not found");
}

export function action() {
  return jsonError(404, "Not found");
}
