/**
 * The private-bucket outbox the email and Discord stand-ins keep their messages in: one JSON object per message under
 * the stand-in's prefix, newest first by key, with the recipient in its metadata. Loaded only with one of them.
 */
export type Stored<T> = T & { id: string; sentAt: string };

/** Keeps `message` for `to` under `prefix`; answers the stored message's id. */
export async function keepInOutbox<T extends object>(bucket: R2Bucket, prefix: string, message: T, to: string) {
  const sentAt = new Date();
  // Keys sort newest first: invert the timestamp.
  const inverted = String(9_999_999_999_999 - sentAt.getTime()).padStart(13, "0");
  const id = `${inverted}-${crypto.randomUUID()}`;
  const stored: Stored<T> = { ...message, id, sentAt: sentAt.toISOString() };
  await bucket.put(`${prefix}${id}.json`, JSON.stringify(stored), {
    httpMetadata: { contentType: "application/json" },
    customMetadata: { to },
  });
  return id;
}

/** The messages kept under `prefix`, newest first, only those for `to` when given, at most `limit`. */
export async function readFromOutbox<T extends object>(
  bucket: R2Bucket,
  prefix: string,
  options: { to?: string; limit?: number } = {},
): Promise<Stored<T>[]> {
  // Every page of the listing (R2 answers at most 1,000 keys a call): a busy outbox holds more than one page.
  const objects: R2Object[] = [];
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix, limit: 1000, include: ["customMetadata"], cursor });
    objects.push(...listed.objects);
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  const wanted = objects
    .filter((object) => !options.to || object.customMetadata?.to === options.to)
    .slice(0, options.limit ?? objects.length);
  const messages: (Stored<T> | undefined)[] = await Promise.all(
    wanted.map(async (object) => (await bucket.get(object.key))?.json<Stored<T>>()),
  );
  return messages.filter((message) => message !== undefined);
}
