import type { Privilege } from "@/lib/schemas/constants";
import type { MessageValues } from "@/lib/i18n/zod-issue";

export type { MessageValues };

/** One sentence or clause of a message made of several: a catalogue key and its values. */
export type Phrase = { key: string; values?: ErrorValues };

/**
 * The values of an error's message: words and numbers, phrases (each translated,
 * then joined with "; ") and lists of names (joined as "A or B" in the reader's language).
 */
export type ErrorValues = Record<string, string | number | Phrase[] | { or: string[] }>;

/**
 * One problem with the input; `type` names the kind where a client may act on it (a
 * spreadsheet error's kind). `message` is a catalogue key (with `values` for its
 * placeholders) the route kernel translates, or text it passes on as it is.
 */
export type FieldError = { path: string; message: string; type?: string; values?: MessageValues };

/**
 * An error the route kernel turns into the API error body. `message` and a
 * `details` in `extra` are catalogue keys (translated, with `values`) or plain text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
    readonly values: ErrorValues = {},
  ) {
    super(message);
  }
}

export const badRequest = (errors: FieldError[], message = "errors.invalidInput") => new ApiError(400, message, { errors });

/** A 400 with one error on `path`. */
export const invalidAt = (path: string, message: string, values?: MessageValues) => badRequest([{ path, message, values }]);

export const unauthorized = () => new ApiError(401, "errors.unauthorized");

export const missingPrivilege = (permission: Privilege) => new ApiError(403, "errors.permissionRequired", { permission });

export const forbidden = (message = "errors.forbidden", values?: MessageValues) => new ApiError(403, message, {}, {}, values);

/** The catalogue key of each resource a 404 names; `resource` in the body stays as it is (a machine value). */
const RESOURCE_KEYS: Record<string, string> = {
  "API token": "errors.resource.apiToken",
  "Calendar feed": "errors.resource.calendarFeed",
  Contact: "errors.resource.contact",
  Conversation: "errors.resource.conversation",
  Customer: "errors.resource.customer",
  File: "errors.resource.file",
  "HTML of this message": "errors.resource.messageHtml",
  "Inbound address": "errors.resource.inboundAddress",
  "Inbound email": "errors.resource.inboundEmail",
  Invitation: "errors.resource.invitation",
  Link: "errors.resource.link",
  Location: "errors.resource.location",
  Member: "errors.resource.member",
  Message: "errors.resource.message",
  Organization: "errors.resource.organization",
  Project: "errors.resource.project",
  "Project type": "errors.resource.projectType",
  "Reply address": "errors.resource.replyAddress",
  Resource: "errors.resource.resource",
  Role: "errors.resource.role",
  Site: "errors.resource.site",
  "Time off": "errors.resource.timeOff",
  "Tax rate": "errors.resource.taxRate",
  "Price item": "errors.resource.priceItem",
  Invoice: "errors.resource.invoice",
  Payment: "errors.resource.payment",
  Visit: "errors.resource.visit",
  "Visit item": "errors.resource.visitItem",
  "SMS provider": "errors.resource.smsProvider",
  "Payment provider": "errors.resource.paymentProvider",
  "Unsubscribe link": "errors.resource.unsubscribeLink",
  Workflow: "errors.resource.workflow",
};

/** The message names the resource in the reader's language. */
export const notFound = (resource: string) =>
  new ApiError(404, "errors.notFound", { resource }, {}, { resource: RESOURCE_KEYS[resource] ?? resource });

export const conflict = (details: string, values?: ErrorValues) => new ApiError(409, "errors.conflict", { details }, {}, values);

export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    "errors.tooManyRequests",
    { retryAfter: retryAfterSeconds },
    { "Retry-After": String(retryAfterSeconds) },
  );

/** A unique index refused the write (a race the service's own check did not see). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === "object" && e !== null); ) {
    if ((e as { code?: string }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
    if (!e) break;
  }
  return false;
}
