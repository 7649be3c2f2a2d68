/**
 * Responses whose body is already in its Content-Encoding (a cached page served gzip-compressed as stored:
 * docs/decisions/012-edge-cache-and-read-replicas.md). workerd compresses a body itself when a response names
 * an encoding, unless the response says `encodeBody: "manual"`, and a rebuilt Response does not inherit that:
 * every layer that adds headers rebuilds the response through `withHeaders`, which carries it over.
 */
const encoded = new WeakSet<Response>();

/** A response whose body is sent as it is, already encoded as its Content-Encoding header says. */
export function encodedResponse(body: BodyInit, init: { status: number; headers: Headers }): Response {
  const response = new Response(body, { ...init, encodeBody: "manual" });
  encoded.add(response);
  return response;
}

/** The same response (status, body) with `headers`; an already encoded body stays as it is. */
export function withHeaders(response: Response, headers: Headers): Response {
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
