import { nameSchema } from "./fields";
import { z } from "./z";

/** The lifetimes offered by the form, in days. */
export const TOKEN_LIFETIMES = [30, 90, 365] as const;
const MAX_LIFETIME_DAYS = 3 * 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A date means the end of that day (UTC): a token "expiring on" a day still works that day. */
const expiresAtSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: "validation.apiToken.expiresFormat" })
  .transform((value) => new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value))
  .refine((date) => date.getTime() > Date.now(), { error: "validation.apiToken.past" })
  .refine((date) => date.getTime() <= Date.now() + MAX_LIFETIME_DAYS * DAY_MS, { error: "validation.apiToken.tooLate", params: { days: MAX_LIFETIME_DAYS } });

export const apiTokenCreateSchema = z.strictObject({
  name: nameSchema,
  expires_at: expiresAtSchema,
  read_only: z.boolean().default(false),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

const date = z.iso.datetime({ offset: true });
/** A token as listed; its secret is never part of it. */
export const apiTokenView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string(),
    read_only: z.boolean(),
    created: date,
    expires: date,
    last_used: date.nullable(),
  })
  .meta({ id: "ApiToken" });

/** The answer to creating a token: the only time its secret is shown. */
export const apiTokenCreatedView = apiTokenView.extend({ token: z.string() }).meta({ id: "ApiTokenCreated" });

/** The expiry date `days` from now, as the form sends it. */
export const expiryInDays = (days: number, now = new Date()) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
