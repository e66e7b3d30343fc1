import { afterEach, describe, expect, it } from "vitest";
import { GET } from "@/app/api/api/session/route";
import { call } from "@/test/api";

describe("API security headers", () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  it("answers with a policy that runs and frames nothing, and no HSTS over plain http", async () => {
    const res = await call(GET, "GET", "/session");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("adds HSTS when served over https", async () => {
    process.env.TRUST_PROXY = "1";
    const res = await call(GET, "GET", "/session", { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
  });
});
