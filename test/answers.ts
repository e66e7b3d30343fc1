import type { Privilege } from "@/lib/schemas/constants";

/** The bodies the API answers when it refuses a request (ARCHITECTURE.md §3), shared by every access test. */
export const UNAUTHORIZED = { status: 401, message: "Unauthorized" };
export const VIEW_ONLY_REFUSAL = { status: 403, message: "You lack access rights to do this action" };
export const notFound = (resource: string) => ({ status: 404, message: `${resource} not found`, resource });
export const permission = (privilege: Privilege) => ({ status: 403, message: "Permission required", permission: privilege });
export const invalid = (path: string, message: string) => ({ status: 400, message: "Invalid input", errors: [{ path, message }] });
