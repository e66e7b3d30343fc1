import { describe, expect, it } from "vitest";
import { GET as providers } from "@/app/api/api/session/providers/route";
import { call } from "@/test/api";
import { pointEnv } from "@/test/env";

describe("GET /session/providers", () => {
  it("names the sign-in providers configured on this server, to anyone", async () => {
    const none = await call(providers, "GET", "/session/providers");
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ google: false, microsoft: false });

    const restore = pointEnv({ GOOGLE_CLIENT_ID: "a-client", GOOGLE_CLIENT_SECRET: "a-secret" });
    try {
      expect((await call(providers, "GET", "/session/providers")).body).toEqual({ google: true, microsoft: false });
    } finally {
      restore();
    }
    const onlyMicrosoft = pointEnv({ MICROSOFT_CLIENT_ID: "a-client", MICROSOFT_CLIENT_SECRET: "a-secret" });
    try {
      expect((await call(providers, "GET", "/session/providers")).body).toEqual({ google: false, microsoft: true });
    } finally {
      onlyMicrosoft();
    }
    // A client id without its secret cannot sign anyone in.
    const half = pointEnv({ GOOGLE_CLIENT_ID: "a-client", GOOGLE_CLIENT_SECRET: undefined });
    try {
      expect((await call(providers, "GET", "/session/providers")).body).toEqual({ google: false, microsoft: false });
    } finally {
      half();
    }
  });
});
