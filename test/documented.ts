/**
 * Checks an API answer against the OpenAPI document (lib/openapi/document.ts): its
 * status must be one the operation lists, and a JSON body must match that status's
 * schema. `call` (test/api.ts) runs this on every answer of a route it knows.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { expect } from "vitest";
import { endpoints, openApiDocument, openApiPath } from "@/lib/openapi/document";
import type { ApiResponse } from "./api";

const doc = openApiDocument();
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

let byHandler: Map<unknown, string> | undefined;
/** "GET /customer/[id]" for a route handler of app/api/api, if it is one. */
export function endpointOf(handler: unknown): string | undefined {
  byHandler ??= new Map([...endpoints()].map(([key, h]) => [h, key]));
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
