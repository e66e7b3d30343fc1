import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/api/[...path]/route";
import { call } from "@/test/api";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

// Next.js hands a catch-all segment over as an array; the test helper types params as strings.
const pathParams = (path: string) => ({ path: path.split("/") }) as unknown as Record<string, string>;

const NOT_FOUND = { status: 404, message: "Resource not found", resource: "Resource" };

describe("unknown /api/api paths", () => {
  it("answer GET with a JSON 404 body, without a session", async () => {
    const res = await call(GET, "GET", "/no-such-thing", { params: pathParams("no-such-thing") });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it("answer GET with a JSON 404 body for nested paths and with a session", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await call(GET, "GET", "/project/123/whatever", {
      cookie: org.cookie,
      params: pathParams("project/123/whatever"),
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it("answer a same-origin JSON POST with the same 404 body", async () => {
    const res = await call(POST, "POST", "/no-such-thing", { body: {}, params: pathParams("no-such-thing") });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });
});
