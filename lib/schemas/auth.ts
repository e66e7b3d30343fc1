import { emailSchema, hexColorSchema, nameSchema, passwordSchema } from "./fields";
import { z } from "./z";
import { LOCALES } from "@/lib/i18n/locales";

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, { error: "validation.required" }).max(1024),
});
export type LoginInput = z.input<typeof loginSchema>;

export const switchLocationSchema = z.strictObject({ location: z.uuid({ error: "validation.mustBeLocationId" }).nullable() });

/** The languages an organization, and what it sends, may speak. */
export const LANGUAGES = LOCALES;

/** A member's or a customer's own language; null (or empty) follows the organization's. */
export const ownLanguageSchema = z
  .union([z.enum(LANGUAGES), z.literal("")], { error: "validation.language" })
  .transform((value) => value || null)
  .nullable()
  .optional();

export const otpRequestSchema = z.strictObject({
  email: emailSchema,
  // The code's email speaks it; unset, the language the browser asks for.
  language: z.enum(LANGUAGES).optional(),
});

export const OTP_PATTERN = /^\d{6}$/;
export const otpCodeSchema = z.string().trim().regex(OTP_PATTERN, { error: "validation.otp" });

export const signupSchema = z.strictObject({
  organization: z.strictObject({
    name: nameSchema,
    // Unset: the language the browser asks for (Accept-Language), else en-US.
    language: z.enum(LANGUAGES).optional(),
    color: hexColorSchema.default("#0090FF"),
  }),
  member: z.strictObject({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
  }),
  otp: otpCodeSchema,
});
export type SignupInput = z.input<typeof signupSchema>;

/** What the sign-up form checks before it asks for a code. */
export const signupDetailsSchema = signupSchema.omit({ otp: true });

export const recoveryRequestSchema = z.strictObject({ email: emailSchema });

/** A recovery code exchanged for a new password and a session. */
export const recoverySchema = z.strictObject({
  email: emailSchema,
  code: otpCodeSchema,
  password: passwordSchema,
});
export type RecoveryInput = z.input<typeof recoverySchema>;

/** Accepting an invitation: the password the invited member chooses. */
export const invitationAcceptSchema = z.strictObject({
  password: passwordSchema,
});
export type InvitationAcceptInput = z.input<typeof invitationAcceptSchema>;
