import type { Privilege } from "@/lib/schemas/constants";

/** One problem with the input; `type` names the kind where a client may act on it (a spreadsheet error's kind). */
export type FieldError = { path: string; message: string; type?: string };

/** An error the route kernel turns into the API error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (errors: FieldError[], message = "Invalid input") =>
  new ApiError(400, message, { errors });

export const unauthorized = () => new ApiError(401, "Unauthorized");

export const missingPrivilege = (permission: Privilege) =>
  new ApiError(403, "Permission required", { permission });

export const forbidden = (message = "You lack access rights to do this action") => new ApiError(403, message);

export const notFound = (resource: string) => new ApiError(404, `${resource} not found`, { resource });

export const conflict = (details: string) => new ApiError(409, "Conflict", { details });

export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    "Too many requests, try again later",
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
