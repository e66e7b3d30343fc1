import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/api/openapi.json/route";
import { signUpOrganization } from "@/test/fixtures";
import { call } from "@/test/api";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { routeFiles, routeOf } from "@/test/route-files";
import { METHODS, openApiDocument, openApiPath } from "./document";
import { OPERATIONS } from "./operations";

const mailbox = useSmtpCatcher();
const doc = openApiDocument();
type OperationObject = {
  operationId: string;
  tags: string[];
  parameters: { name: string; in: string; schema: unknown }[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
  security: unknown[];
};
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as unknown as OperationObject })),
);

describe("OpenAPI document", () => {
  it("describes every exported method of every route file, and nothing else", async () => {
    const onDisk: string[] = [];
    for (const file of routeFiles()) {
      const route = routeOf(file);
      if (route === "/[...path]") continue; // the JSON 404 for paths that are not the API
      const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      for (const method of METHODS) if (mod[method]) onDisk.push(`${method.toLowerCase()} ${openApiPath(route)}`);
    }
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(onDisk.sort());
    expect(Object.keys(OPERATIONS).length, "no summary for an endpoint that is gone").toBe(onDisk.length);
  });

  it("is OpenAPI 3.1 whose references resolve and whose schemas compile as JSON Schema 2020-12", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const text = JSON.stringify(doc);
    for (const [, kind, name] of text.matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)) {
      expect((doc.components as Record<string, Record<string, unknown>>)[kind!]?.[name!], `${kind}/${name}`).toBeDefined();
    }
    expect(text).not.toContain("#/$defs/");
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const local = JSON.parse(text.replaceAll("#/components/schemas/", "components#/$defs/"));
    ajv.addSchema({ $id: "components", $defs: local.components.schemas });
    for (const { path, method, operation } of operations) {
      const where = `${method} ${path}`;
      expect(Object.keys(operation.responses).length, where).toBeGreaterThan(0);
      expect(operation.tags, where).toHaveLength(1);
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        expect(operation.parameters.some((p) => p.in === "path" && `{${p.name}}` === name), `${where} declares ${name}`).toBe(true);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(Number(status), where).toBeGreaterThanOrEqual(200);
        for (const media of Object.values(response.content ?? {})) ajv.compile(JSON.parse(JSON.stringify(media.schema).replaceAll("#/components/schemas/", "components#/$defs/")));
      }
    }
  });

  it("refers every error status to the shared error responses, and names both security schemes", () => {
    for (const { operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) expect(response.$ref).toMatch(/^#\/components\/responses\//);
      }
    }
    expect(doc.components.securitySchemes).toMatchObject({
      sessionCookie: { type: "apiKey", in: "cookie" },
      bearerAuth: { type: "http", scheme: "bearer", description: "API token" },
    });
    const customer = doc.paths["/customer/{id}"]!.patch as unknown as OperationObject;
    expect(Object.keys(customer.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404"]));
    expect(customer.security).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
    expect((doc.paths["/session"]!.post as unknown as OperationObject).security).toEqual([]);
  });

  it("documents the customer list's sharing filter under both its names", () => {
    const list = doc.paths["/customer"]!.get as unknown as OperationObject;
    const names = list.parameters.filter((p) => p.in === "query").map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["sharing", "shared", "search", "status", "sort", "skip", "limit", "id"]));
    const sharing = list.parameters.find((p) => p.name === "sharing")!;
    expect(list.parameters.find((p) => p.name === "shared")!.schema).toEqual(sharing.schema);
  });

  it("documents where a new customer, project or member goes: an optional location id or null", () => {
    for (const path of ["/customer", "/project", "/member"]) {
      const post = doc.paths[path]!.post as unknown as { description: string; requestBody: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> } };
      const body = post.requestBody.content["application/json"]!.schema;
      expect(body.properties.location, path).toMatchObject({
        anyOf: [{ type: "string", format: "uuid" }, { type: "null" }],
        description: expect.stringContaining("the session's location"),
      });
      expect(body.required ?? [], path).not.toContain("location");
      expect(post.description, path).toContain("`location`");
    }
  });

  it("documents a failed import as 422 with the error shape and the report", () => {
    for (const path of ["/customer/import", "/project/import"]) {
      const post = doc.paths[path]!.post as unknown as OperationObject;
      expect(post.responses["422"]).toEqual({ $ref: "#/components/responses/ImportFailed" });
      expect(post.responses["200"]!.content!["application/json"]).toBeDefined();
    }
  });

  it("is served at GET /openapi.json to anyone, cacheable and without touching a session", async () => {
    const anonymous = await call(GET, "GET", "/openapi.json");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("cache-control")).toMatch(/public/);
    expect(anonymous.body).toEqual(JSON.parse(JSON.stringify(doc)));
    const org = await signUpOrganization(mailbox);
    const signedIn = await call(GET, "GET", "/openapi.json", { cookie: org.cookie });
    expect(signedIn.body).toEqual(anonymous.body);
    expect(signedIn.headers.get("set-cookie")).toBeNull();
    const forged = await call(GET, "GET", "/openapi.json", { cookie: "craftdesk_session=Fe26.2**forged" });
    expect(forged.status).toBe(200);
    expect(forged.headers.get("set-cookie")).toBeNull();
  });
});
