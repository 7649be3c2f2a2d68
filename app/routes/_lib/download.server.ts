/** A file a use case made (its name, type and streamed bytes), as a download: never cached or sniffed. */
export function downloadResponse(file: { filename: string; contentType: string; body: ReadableStream<Uint8Array> }) {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
