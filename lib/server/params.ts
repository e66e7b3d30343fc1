import "server-only";
import { ITEM_ID_MAX } from "@/lib/schemas/item-ids";
import { z } from "@/lib/schemas/z";
import { notFound } from "./errors";

/**
 * The resource each path segment names. A segment that cannot name one (not a
 * uuid, a number out of range) is that resource's 404, not a 400: no such item
 * can exist, and a 400 would say more about ids than a 404 does.
 */
const segmentResource = z.registry<{ resource: string }>();

export type ParamsSchema = z.ZodObject<Record<string, z.ZodType<unknown, string>>>;

/** A uuid segment naming an item of `resource`. */
export const pathId = (resource: string) => z.uuid().register(segmentResource, { resource });

/** A numbered item inside another (a project type's workflow): a positive 4-byte integer. */
export const pathNumber = (resource: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(ITEM_ID_MAX))
    .register(segmentResource, { resource });

/** A secret in the path (an inbound address's token): letters and digits; anything else cannot be one. */
export const pathToken = (resource: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9]{16,128}$/)
    .register(segmentResource, { resource });

/** A public link's token (public-link.ts): base64url, so `-` and `_` as well; checked for its shape before anything else. */
export const pathPublicToken = (resource: string, shape: RegExp) => z.string().max(64).regex(shape).register(segmentResource, { resource });

/** `[id]` routes: the id of one item of `resource`. */
export const idParams = (resource: string) => z.object({ id: pathId(resource) });

export function parseParams<S extends ParamsSchema>(schema: S, raw: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const key = parsed.error.issues[0]?.path[0];
  const segment = typeof key === "string" ? schema.shape[key] : undefined;
  throw notFound((segment && segmentResource.get(segment)?.resource) ?? "Resource");
}
