/**
 * The OpenAPI 3.1 description of /api/api, built from the routes themselves: each
 * handler carries its declaration (RouteSpec: params, query, body, form, privilege,
 * status), OPERATIONS adds summaries and answers, ERROR_SCHEMAS the error bodies.
 */
import type { Handler, RouteSpec } from "@/lib/server/route";
import { z } from "@/lib/schemas/z";
import { errorRef, errorResponses, ERROR_SCHEMAS } from "./errors";
import { OPERATIONS, type Operation } from "./operations";
import { ROUTES } from "./routes";
import { importReport } from "./views";

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, JsonSchema>; [key: string]: unknown };
  [key: string]: unknown;
};

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** "/customer/{id}" for "/customer/[id]". */
export const openApiPath = (route: string) => route.replace(/\[([^\]]+)\]/g, "{$1}");

/** Every route handler by "METHOD /route" (the route as test/route-files.ts spells it). */
export function endpoints(): Map<string, Handler> {
  const found = new Map<string, Handler>();
  for (const [route, mod] of Object.entries(ROUTES)) {
    for (const method of METHODS) {
      const handler = (mod as Partial<Record<string, Handler>>)[method];
      if (handler) found.set(`${method} ${route}`, handler);
    }
  }
  return found;
}

/** zod to JSON Schema; named schemas (`.meta({ id })`) go to components and are referenced from there. */
function converter(components: Record<string, JsonSchema>) {
  return (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
    const json = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      // Query and path values arrive as text and are coerced; transforms only shape what the handler receives.
      unrepresentable: "any",
      override: ({ zodSchema, jsonSchema }) => {
        if (zodSchema._zod.def.type === "date") Object.assign(jsonSchema, { type: "string", format: "date-time" });
      },
    }) as JsonSchema;
    const { $defs, $schema: _, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [name, def] of Object.entries($defs ?? {})) components[name] = relink(def) as JsonSchema;
    return relink(rest) as JsonSchema;
  };
}

function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === "$ref" && typeof item === "string" ? item.replace("#/$defs/", "#/components/schemas/") : relink(item),
    ]),
  );
}

type Convert = ReturnType<typeof converter>;

function parameters(spec: RouteSpec, convert: Convert) {
  const list: Record<string, unknown>[] = [];
  for (const [where, schema] of [["path", spec.params], ["query", spec.query]] as const) {
    if (!schema) continue;
    const json = convert(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[]; "x-aliases"?: Record<string, string> };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === "path" || (json.required ?? []).includes(name),
        schema: property,
        ...(property.type === "array" && { style: "form", explode: true }),
      });
    }
    for (const [alias, name] of Object.entries(json["x-aliases"] ?? {})) {
      list.push({ name: alias, in: where, required: false, description: `The same as \`${name}\` (give one of them)`, schema: json.properties?.[name] ?? {} });
    }
  }
  return list;
}

function requestBody(spec: RouteSpec, convert: Convert) {
  const content: Record<string, unknown> = {};
  if (spec.body) content["application/json"] = { schema: convert(spec.body, "input") };
  if (spec.form) content["multipart/form-data"] = { schema: { type: "object", description: "Files as file parts, objects as JSON text, scalars as plain fields" } };
  for (const type of spec.raw?.types ?? []) content[type] = { schema: { type: "string", contentMediaType: type } };
  return Object.keys(content).length > 0 ? { required: true, content } : undefined;
}

/** The error statuses a route's declaration implies, before those its operation adds. */
export function impliedErrors(method: string, spec: RouteSpec, operation: Operation): number[] {
  const codes = new Set(operation.errors ?? []);
  if (spec.params || spec.query || spec.body || spec.form) codes.add(400);
  if (spec.auth === "session") codes.add(401);
  // An API token is rate limited on every request; token management is refused to tokens.
  if (spec.auth === "session") codes.add(429);
  if (spec.browserOnly) codes.add(403);
  // Writes from another origin are refused, and webhooks whose signature does not hold.
  if (spec.privilege || MUTATING.has(method)) codes.add(403);
  // A path id, or an id in the query or body (a referenced item), may name nothing the session can see.
  if (spec.params || (spec.auth === "session" && (spec.query || spec.body))) codes.add(404);
  // A write may find the item in a state that refuses it (a closed conversation, a workflow that cannot run now, a duplicate).
  if (MUTATING.has(method) && spec.auth === "session") codes.add(409);
  if (spec.body || spec.form || spec.raw) codes.add(413);
  if (spec.raw) codes.add(415);
  return [...codes].sort();
}

function successResponses(spec: RouteSpec, operation: Operation, convert: Convert) {
  const responses: Record<string, unknown> = {};
  const { response } = operation;
  if (response === null || operation.mayBeEmpty) responses["204"] = { description: "Done; no body" };
  if (response === "binary") responses["200"] = { description: "The file's bytes, with its type", content: { "*/*": { schema: {} } } };
  else if (response === "xml") responses["200"] = { description: "An empty TwiML answer", content: { "text/xml": { schema: { type: "string" } } } };
  else if (response === "html") responses["200"] = { description: "An HTML page", content: { "text/html": { schema: { type: "string" } } } };
  else if (response === "calendar") responses["200"] = { description: "An iCalendar feed", content: { "text/calendar": { schema: { type: "string" } } } };
  else if (response !== null) {
    responses[String(spec.status ?? 200)] = { description: "Success", content: { "application/json": { schema: convert(response, "output") } } };
  }
  return responses;
}

function operationObject(key: string, handler: Handler, convert: Convert) {
  const [method, route] = key.split(" ") as [string, string];
  const operation = OPERATIONS[key];
  if (!operation) throw new Error(`${key} has no entry in lib/openapi/operations.ts`);
  const { spec } = handler;
  const privilege = spec.privilege ? `Requires the \`${spec.privilege}\` privilege.` : undefined;
  const description = [operation.description, privilege].filter(Boolean).join("\n\n");
  const responses: Record<string, unknown> = successResponses(spec, operation, convert);
  for (const code of impliedErrors(method, spec, operation)) responses[String(code)] = errorRef(code);
  const body = requestBody(spec, convert);
  return {
    operationId: `${method.toLowerCase()}${route.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
    summary: operation.summary,
    ...(description && { description }),
    tags: [route.split("/")[1]!],
    security: spec.auth === "session" ? [{ sessionCookie: [] }, { bearerAuth: [] }] : [],
    ...(spec.privilege && { "x-privilege": spec.privilege }),
    parameters: parameters(spec, convert),
    ...(body && { requestBody: body }),
    responses,
  };
}

/** The document, built on first use. */
let built: OpenApiDocument | undefined;
export function openApiDocument(): OpenApiDocument {
  if (built) return built;
  const schemas: Record<string, JsonSchema> = { ...ERROR_SCHEMAS };
  const convert = converter(schemas);
  const paths: OpenApiDocument["paths"] = {};
  for (const [key, handler] of endpoints()) {
    const [method, route] = key.split(" ") as [string, string];
    const path = openApiPath(route);
    (paths[path] ??= {})[method.toLowerCase()] = operationObject(key, handler, convert);
  }
  // The 422 body is the error shape and the report together, so the report's own closed object is opened up here.
  convert(importReport, "output");
  const { additionalProperties: _, ...report } = schemas.ImportReport!;
  built = {
    openapi: "3.1.0",
    info: {
      title: "Craftdesk API",
      version: "1",
      description:
        "The back office's REST API. JSON in and out (multipart where files travel). Every non-2xx answer is `{ status, message, ... }`. Lists take `skip`/`limit` or the `after` cursor of the previous page.",
    },
    servers: [{ url: "/api/api" }],
    tags: [...new Set(Object.keys(paths).map((path) => path.split("/")[1]!))].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: errorResponses(report),
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: "craftdesk_session", description: "The session cookie set by POST /session" },
        bearerAuth: { type: "http", scheme: "bearer", description: "API token" },
      },
    },
  };
  return built;
}
