const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** A random 20-character identifier (100 bits), URL-safe and sortable by nothing. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  let id = "";
  for (const byte of bytes) id += ALPHABET[byte & 31];
  return id;
}
