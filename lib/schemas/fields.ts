import { z } from "./z";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid email address" }));

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: `At least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `At most ${PASSWORD_MAX} characters` });

export const nameSchema = z.string().trim().min(1, { error: "Required" }).max(200, { error: "At most 200 characters" });

export const hexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "Use a color like #0090FF" })
  .transform((value) => value.toUpperCase());

export const idListSchema = z.array(z.uuid({ error: "Must be an id" })).max(1000);
