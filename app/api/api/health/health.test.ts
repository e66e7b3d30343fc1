import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/api/health/route";
import { call } from "@/test/api";

describe("GET /health", () => {
  it("answers ok without a session, and a stale cookie changes nothing", async () => {
    expect(await call(health, "GET", "/health")).toMatchObject({ status: 200, body: { status: "ok" } });
    const stale = await call(health, "GET", "/health", { cookie: "craftdesk_session=not-a-seal" });
    expect(stale).toMatchObject({ status: 200, body: { status: "ok" } });
  });
});
