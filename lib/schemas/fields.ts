import { PASSWORD_MAX, PASSWORD_MIN } from "./constants";
import { EMAIL_PATTERN } from "./email";
import { z } from "./z";

export const emailFormat = z.email({ pattern: EMAIL_PATTERN });

/** Emails compare as stored (email.ts). */
export const emailText = z.string().trim().toLowerCase().normalize("NFC");

export const emailSchema = emailText.pipe(emailFormat);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX);

// NFC, so a name looks and searches the same however the keyboard composed its accents.
export const nameSchema = z.string().trim().normalize("NFC").min(1, { error: "validation.required" }).max(200);

export const hexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "validation.hexColor" })
  .transform((value) => value.toUpperCase());

export const idListSchema = z.array(z.uuid()).max(1000);

/** Optional text: trimmed, and empty means none. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null)
    .nullable()
    .optional();

/** An optional email: empty means none. */
export const optionalEmail = emailText
  .transform((value) => value || null)
  .pipe(emailFormat.nullable())
  .nullable()
  .optional();
