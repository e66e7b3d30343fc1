import { z } from "./z";

/*
 * A customer's consent to be messaged: texts follow the number (a number that
 * opted out gets no text from anyone here until the customer opts back in);
 * automated emails follow the customer (a switch staff and the customer's own
 * unsubscribe link turn off). Shared by the server and the screens.
 */

/** How a number came to be opted out of texts: its own STOP reply, the carrier's refusal (Twilio error 21610), or staff recording the customer's wish. */
export const SMS_OPT_OUT_WAYS = ["keyword", "carrier", "staff"] as const;
export type SmsOptOutWay = (typeof SMS_OPT_OUT_WAYS)[number];

/** What a message did to its number's consent: an inbound STOP or a refused send opted it out, START opted it back in, HELP was answered. */
export const CONSENT_EVENTS = ["opted_out", "opted_in", "help"] as const;
export type ConsentEvent = (typeof CONSENT_EVENTS)[number];

/** POST /customer/{id}/sms_opt_out: the number, as staff type it, else the customer's own phone. */
export const smsOptOutCreateSchema = z.strictObject({
  phone: z.string().trim().min(1, { error: "validation.required" }).max(50).optional(),
});
