import { otpCodeSchema, ownLanguageSchema } from "./auth";
import { NOTIFICATION_FREQUENCIES } from "./constants";
import { emailSchema, nameSchema, passwordSchema } from "./fields";
import { listParam, listQuerySchema } from "./list-query";
import { newItemLocationSchema } from "./location";
import { MEMBER_LIST, STATUS_ACTIVE_REMOVED } from "./lists";
import { sharingSchema } from "./sharing";
import { z } from "./z";

export const memberListQuerySchema = listQuerySchema(MEMBER_LIST).extend({ role: listParam(z.uuid({ error: "validation.roleFilter" })).optional() });

export const memberCreateSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  role: z.uuid({ error: "validation.chooseRole" }),
  /** Where the member works: tied to that location, or free to switch (null). */
  location: newItemLocationSchema,
});

/** Fields members may change on their own profile without members_manage. */
export const OWN_PROFILE_FIELDS = ["name", "email", "image", "language", "notification_emails", "password"] as const;

/**
 * Changing one's own email or password needs proof beyond the session, so a
 * stolen session cannot take the account: the current password, or for a
 * member without one, a code from POST /member/{id}/code. Both write-only.
 */
export const PROOF_FIELDS = ["current_password", "code"] as const;

export const memberUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  image: z.uuid({ error: "validation.imageId" }).nullable().optional(),
  role: z.uuid({ error: "validation.chooseRole" }).optional(),
  status: z.enum(STATUS_ACTIVE_REMOVED).optional(),
  location: z.uuid({ error: "validation.locationId" }).nullable().optional(),
  sharing: sharingSchema.optional(),
  language: ownLanguageSchema,
  notification_emails: z.enum(NOTIFICATION_FREQUENCIES).optional(),
  /** A new password, or null to stop password login. */
  password: passwordSchema.nullable().optional(),
  current_password: z.string().max(1024).optional(),
  code: otpCodeSchema.optional(),
});

export type MemberCreate = z.input<typeof memberCreateSchema>;
export type MemberUpdate = z.input<typeof memberUpdateSchema>;
