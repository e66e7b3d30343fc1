import { describe, expect, it } from "vitest";
import { lastSource } from "./conversation-item";

describe("lastSource", () => {
  const sources = [
    { type: "email" as const, value: "mia@example.test" },
    { type: "sms" as const, value: "+447911123456" },
    { type: "email" as const, value: "mia@work.example.test" },
  ];
  it("answers the newest address on the channel, or null", () => {
    expect(lastSource({ sources }, "email")).toBe("mia@work.example.test");
    expect(lastSource({ sources }, "sms")).toBe("+447911123456");
    expect(lastSource({ sources: [] }, "sms")).toBeNull();
  });
});
