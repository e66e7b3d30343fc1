import { describe, expect, it, onTestFinished } from "vitest";
import { appOrigin, warnWithoutAppUrl } from "@/lib/server/app-origin";
import { pointEnv } from "@/test/env";
import { captureLog } from "@/test/log-capture";

describe("the origin of links in mail", () => {
  it("is APP_URL's, else localhost on PORT, and the start warns while APP_URL is unset", () => {
    onTestFinished(pointEnv({ APP_URL: undefined, PORT: undefined }));
    const log = captureLog();
    onTestFinished(log.restore);

    expect(appOrigin()).toBe("http://localhost:3000");
    warnWithoutAppUrl();
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({ level: 40 });
    expect(log.lines[0].msg).toMatch(/^APP_URL is not set: links in emails .* point at http:\/\/localhost:3000\. Set APP_URL/);

    pointEnv({ APP_URL: "https://office.example.com/craftdesk", PORT: "8080" });
    expect(appOrigin()).toBe("https://office.example.com");
    warnWithoutAppUrl();
    expect(log.lines).toHaveLength(1);
  });
});
