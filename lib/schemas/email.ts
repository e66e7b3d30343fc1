// How an email address is read, without zod: fields.ts builds the API's email schema on
// these, and a form reads a typed address the same way while it is being typed.

/**
 * zod's default email pattern with letters and digits of any script, so
 * "émile@example.test" is an address while "a@b" is not.
 */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[\p{L}\p{M}\p{N}_'+\-.]*[\p{L}\p{M}\p{N}_+-]@([\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}-]*\.)+[\p{L}\p{M}]{2,}$/u;

/**
 * Emails compare as stored: trimmed, lower-cased and in Unicode NFC, so one
 * address typed with a composed or a decomposed "É" is the same account.
 */
export const storedEmail = (text: string) => text.trim().toLowerCase().normalize("NFC");

/** The address as stored, or null when the text is none: what the API's email schema takes. */
export function readEmail(text: string): string | null {
  const email = storedEmail(text);
  return EMAIL_PATTERN.test(email) ? email : null;
}
