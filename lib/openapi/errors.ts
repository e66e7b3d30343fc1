import { PRIVILEGES } from "@/lib/schemas/constants";

/**
 * The error body of every non-2xx answer (ARCHITECTURE.md §3, lib/server/errors.ts),
 * as shared OpenAPI components: `{ status, message, ... }` plus what each status adds.
 */

const status = (code: number) => ({ type: "integer", const: code });

const base = {
  type: "object",
  properties: { status: { type: "integer", description: "The HTTP status again" }, message: { type: "string" } },
  required: ["status", "message"],
};

export const ERROR_SCHEMAS = {
  Error: { ...base, description: "Every error answer: the HTTP status and a message; some add fields" },
  ValidationError: {
    allOf: [
      { $ref: "#/components/schemas/Error" },
      {
        type: "object",
        properties: {
          status: status(400),
          errors: {
            type: "array",
            items: {
              type: "object",
              properties: {
                path: { type: "string", description: "Dotted path of the field, empty for the whole input" },
                message: { type: "string" },
                type: {
                  type: "string",
                  description:
                    "The kind of problem, where a client may act on it: for an import file invalid_type, not_enough_rows, too_many_rows, too_large, unreadable, unsupported_cell_value, invalid_shared_string_index, sheet_not_found or missing_file",
                },
              },
              required: ["path", "message"],
            },
          },
        },
        required: ["errors"],
      },
    ],
  },
};

type ErrorResponse = { name: string; description: string; properties?: Record<string, unknown>; required?: string[]; headers?: Record<string, unknown> };

const ERRORS: Record<number, ErrorResponse> = {
  400: { name: "BadRequest", description: "Invalid input: the path, query or body does not parse; unknown keys are refused too" },
  401: { name: "Unauthorized", description: "No valid session (or token), or wrong credentials" },
  403: {
    name: "Forbidden",
    description:
      "A privilege is missing (`permission` names it), the item's sharing allows reading only, or the request came from another origin",
    properties: { permission: { type: "string", enum: [...PRIVILEGES] } },
  },
  404: {
    name: "NotFound",
    description: "No such item, or one the session may not see (another organization's, or unshared with its location)",
    properties: { resource: { type: "string", description: "What was not found, e.g. Customer" } },
  },
  409: {
    name: "Conflict",
    description: "A duplicate (e.g. an email already in use) or a change that no longer applies",
    properties: { details: { type: "string" } },
  },
  410: { name: "Gone", description: "The file was removed: its record stays, its bytes are deleted" },
  413: { name: "PayloadTooLarge", description: "The body is larger than the endpoint takes" },
  415: { name: "UnsupportedMediaType", description: "The body's content type is not one the endpoint takes" },
  422: {
    name: "ImportFailed",
    description: "Rows at fault and `skipInvalid` not set: nothing was imported; the body carries the report",
    properties: { status: status(422) },
  },
  503: {
    name: "NotReady",
    description: "Not ready to serve: `checks` says which of database, migrations and jobs failed, and why",
    properties: { checks: { type: "object", additionalProperties: { type: "object" } } },
    required: ["checks"],
  },
  429: {
    name: "TooManyRequests",
    description: "Rate limited: try again after `Retry-After` seconds",
    properties: { retryAfter: { type: "integer" } },
    headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } },
  },
};

export const ERROR_STATUSES = Object.keys(ERRORS).map(Number);

/** `#/components/responses/<name>` entries. */
export function errorResponses(importReport: Record<string, unknown>) {
  const responses: Record<string, unknown> = {};
  for (const [code, error] of Object.entries(ERRORS)) {
    const schema =
      code === "400"
        ? { $ref: "#/components/schemas/ValidationError" }
        : code === "422"
          ? { allOf: [{ $ref: "#/components/schemas/Error" }, importReport, { type: "object", properties: error.properties }] }
          : { allOf: [{ $ref: "#/components/schemas/Error" }, { type: "object", properties: { status: status(Number(code)), ...error.properties } }] };
    responses[error.name] = {
      description: error.description,
      ...(error.headers && { headers: error.headers }),
      content: { "application/json": { schema } },
    };
  }
  return responses;
}

export const errorRef = (code: number) => ({ $ref: `#/components/responses/${ERRORS[code]!.name}` });
