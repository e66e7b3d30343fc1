import { PASSWORD_MAX, PASSWORD_MIN } from "./constants";
import { z } from "./z";

/**
 * zod's default email pattern with letters and digits of any script, so
 * "émile@example.test" is an address while "a@b" is not.
 */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[\p{L}\p{M}\p{N}_'+\-.]*[\p{L}\p{M}\p{N}_+-]@([\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}-]*\.)+[\p{L}\p{M}]{2,}$/u;

export const emailFormat = z.email({ pattern: EMAIL_PATTERN, error: "Enter a valid email address" });

/**
 * Emails compare as stored: trimmed, lower-cased and in Unicode NFC, so one
 * address typed with a composed or a decomposed "É" is the same account.
 */
export const emailText = z.string().trim().toLowerCase().normalize("NFC");

export const emailSchema = emailText.pipe(emailFormat);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: `At least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `At most ${PASSWORD_MAX} characters` });

// NFC, so a name looks and searches the same however the keyboard composed its accents.
export const nameSchema = z.string().trim().normalize("NFC").min(1, { error: "Required" }).max(200, { error: "At most 200 characters" });

export const hexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "Use a color like #0090FF" })
  .transform((value) => value.toUpperCase());

export const idListSchema = z.array(z.uuid({ error: "Must be an id" })).max(1000);
