import { PASSWORD_MAX, PASSWORD_MIN } from "./constants";
import { EMAIL_PATTERN } from "./email";
import { z } from "./z";

export const emailFormat = z.email({ pattern: EMAIL_PATTERN, error: "Enter a valid email address" });

/** Emails compare as stored (email.ts). */
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
