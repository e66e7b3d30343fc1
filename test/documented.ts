/**
 * Checks an API answer against the OpenAPI document (lib/openapi/document.ts): its
 * status must be one the operation lists, and a JSON body must match that status's
 * schema. `call` (test/api.ts) runs this on every answer of a route it knows.
 */
import fs from "node:fs";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { expect, inject } from "vitest";
import type { OpenApiDocument } from "@/lib/openapi/document";
import type { ApiResponse } from "./api";
import { routeFiles, routeOf } from "./route-files";

// Built once for the run by the global setup (test/global-setup.ts).
const doc = JSON.parse(fs.readFileSync(inject("openApiDocumentFile"), "utf8")) as OpenApiDocument;
const openApiPath = (route: string) => route.replace(/\[([^\]]+)\]/g, "{$1}");
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

const toLocal = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(toLocal);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === "$ref" && typeof item === "string" ? item.replace("#/components/schemas/", "components#/$defs/") : toLocal(item),
    ]),
  );
};
ajv.addSchema({ $id: "components", $defs: toLocal(doc.components.schemas) as object });

/** Each route file with its path segments, those with fewer parameters first, as Next.js matches a path. */
const routes = routeFiles()
  .map((file) => ({ file, route: routeOf(file), segments: routeOf(file).split("/").filter(Boolean) }))
  .sort((a, b) => a.segments.filter(isParam).length - b.segments.filter(isParam).length);
function isParam(segment: string) {
  return segment.startsWith("[");
}

const matches = (segments: string[], parts: string[]) =>
  segments.at(-1)?.startsWith("[...")
    ? parts.length >= segments.length - 1 && segments.slice(0, -1).every((segment, i) => isParam(segment) || segment === parts[i])
    : parts.length === segments.length && segments.every((segment, i) => isParam(segment) || segment === parts[i]);

let byHandler: Map<unknown, string> | undefined;
/**
 * "GET /customer/[id]" for a route handler of app/api/api called at `path`, if it is
 * a documented one: the route files the path matches are asked first (the test has loaded the
 * handler's module already); only a handler called at another route's path makes
 * every route module load.
 */
export async function endpointOf(handler: unknown, method: string, path: string): Promise<string | undefined> {
  const parts = path.split("?")[0].split("/").filter(Boolean);
  for (const { file, route, segments } of routes) {
    if (!matches(segments, parts)) continue;
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    // The catch-all that answers unknown paths is no operation of the document.
    if (mod[method] === handler) return doc.paths[openApiPath(route)] ? `${method} ${route}` : undefined;
  }
  if (!byHandler) {
    const { endpoints } = await import("@/lib/openapi/document");
    byHandler = new Map([...endpoints()].map(([key, h]) => [h, key]));
  }
  return byHandler.get(handler);
}

type ResponseObject = { $ref?: string; content?: Record<string, { schema: unknown }> };

function documentedResponse(endpoint: string, status: number): ResponseObject | undefined {
  const [method, route] = endpoint.split(" ") as [string, string];
  const operation = doc.paths[openApiPath(route)]?.[method.toLowerCase()] as { responses: Record<string, ResponseObject> } | undefined;
  if (!operation) throw new Error(`${endpoint} is not in the API document`);
  const response = operation.responses[String(status)];
  if (response?.$ref) {
    const name = response.$ref.split("/").pop()!;
    return (doc.components.responses as Record<string, ResponseObject>)[name];
  }
  return response;
}

const validators = new Map<string, ValidateFunction>();

/** What is wrong with an answer, as the document describes the endpoint; empty when it fits. */
export function undocumented(endpoint: string, res: Pick<ApiResponse, "status" | "body" | "headers">): string[] {
  const response = documentedResponse(endpoint, res.status);
  if (!response) return [`${endpoint} does not document status ${res.status} (body ${JSON.stringify(res.body)?.slice(0, 300)})`];
  const type = res.headers.get("content-type") ?? "";
  const json = response.content?.["application/json"];
  if (!json) {
    if (res.body !== undefined && type.includes("application/json")) return [`${endpoint} ${res.status} documents no JSON body`];
    return [];
  }
  if (!type.includes("application/json")) return [`${endpoint} ${res.status} answered ${type || "no body"} instead of JSON`];
  const key = `${endpoint} ${res.status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(toLocal(json.schema) as object);
    validators.set(key, validate);
  }
  if (validate(res.body)) return [];
  return (validate.errors ?? []).map((error) => `${key}: body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
}

/** The answer is one the API document describes for this endpoint ("GET /customer/[id]"). */
export function expectDocumented(res: Pick<ApiResponse, "status" | "body" | "headers">, endpoint: string) {
  expect(undocumented(endpoint, res), `${endpoint} answered as documented`).toEqual([]);
}
