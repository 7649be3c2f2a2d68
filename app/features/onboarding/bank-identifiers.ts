import type { BankIdentifierKind } from "~db/schema/onboarding";

/** The format check of each bank identifier (docs/domain.md's six options). Input is normalised first. */
export function normaliseIdentifier(kind: BankIdentifierKind, value: string): string {
  const compact = value.replace(/[\s-]/g, "").toUpperCase();
  return kind === "Sort Code" ? compact.replace(/^(\d{2})(\d{2})(\d{2})$/, "$1-$2-$3") : compact;
}

function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

function routingValid(number: string): boolean {
  if (!/^\d{9}$/.test(number)) return false;
  // The ABA checksum: weights 3, 7, 1 repeated over the nine digits.
  const weights = [3, 7, 1];
  const sum = [...number].reduce((total, digit, index) => total + Number(digit) * (weights[index % 3] ?? 0), 0);
  return sum % 10 === 0;
}

export function bankIdentifierValid(kind: BankIdentifierKind, raw: string): boolean {
  const value = normaliseIdentifier(kind, raw);
  switch (kind) {
    case "SWIFT Code":
      return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value);
    case "IBAN":
      return ibanValid(value);
    case "Routing Number":
      return routingValid(value);
    case "Sort Code":
      return /^\d{2}-\d{2}-\d{2}$/.test(value);
    case "IFSC Code":
      return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value);
    case "Bank Code":
      return /^[A-Z0-9]{3,11}$/.test(value);
  }
}

/** "12345678901" -> "•••••••8901": account numbers are shown masked except on the verifying staff's screen. */
export function maskAccountNumber(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return `${"•".repeat(Math.max(0, accountNumber.length - 4))}${visible}`;
}
