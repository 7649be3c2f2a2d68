/**
 * Responses whose body is already in its Content-Encoding (a cached page served gzip-compressed as stored:
 * docs/decisions/012-edge-cache-and-read-replicas.md). workerd compresses a body itself when a response names
 * an encoding, unless the response says `encodeBody: "manual"`, and a rebuilt Response does not inherit that:
 * every layer that adds headers goes through `withHeaders`, which edits the response's own headers when they
 * may be edited and otherwise rebuilds it, carrying `manual` over.
 */
const encoded = new WeakSet<Response>();

/** A response whose body is sent as it is, already encoded as its Content-Encoding header says. */
export function encodedResponse(body: BodyInit, init: { status: number; headers: Headers }): Response {
  const response = new Response(body, { ...init, encodeBody: "manual" });
  encoded.add(response);
  return response;
}

/**
 * The response with its headers changed by `edit`. A response the Worker built has mutable headers: they are
 * edited in place (no copy of the headers, no second Response: a cached page's hit passes three such layers).
 * One whose headers are immutable (from `fetch`, `Response.redirect`) throws on the first change, so nothing of
 * it was changed: it is rebuilt with an edited copy, same status and body, an already encoded body staying so.
 */
export function withHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers);
    return response;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  const headers = new Headers(response.headers);
  edit(headers);
  const manual = encoded.has(response);
  const rebuilt = new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
    encodeBody: manual ? "manual" : "automatic",
  });
  if (manual) encoded.add(rebuilt);
  return rebuilt;
}
