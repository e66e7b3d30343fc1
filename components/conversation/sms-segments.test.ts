import { describe, expect, it } from "vitest";
import { smsSegments } from "./sms-segments";

describe("smsSegments", () => {
  it("counts nothing for an empty text", () => {
    expect(smsSegments("")).toEqual({ characters: 0, segments: 0, encoding: "GSM-7" });
  });

  it("fits 160 GSM characters in one part and splits by 153 beyond", () => {
    expect(smsSegments("a".repeat(160)).segments).toBe(1);
    expect(smsSegments("a".repeat(161)).segments).toBe(2);
    expect(smsSegments("a".repeat(306)).segments).toBe(2);
    expect(smsSegments("a".repeat(307)).segments).toBe(3);
  });

  it("counts extension characters twice", () => {
    expect(smsSegments("€".repeat(80))).toEqual({ characters: 80, segments: 1, encoding: "GSM-7" });
    expect(smsSegments("€".repeat(81)).segments).toBe(2);
  });

  it("switches to UCS-2 on any other character: 70 in one part, 67 per part", () => {
    expect(smsSegments(`${"a".repeat(69)}ł`)).toEqual({ characters: 70, segments: 1, encoding: "UCS-2" });
    expect(smsSegments(`${"a".repeat(70)}ł`).segments).toBe(2);
    expect(smsSegments("😀").encoding).toBe("UCS-2");
    expect(smsSegments("😀".repeat(35)).segments).toBe(1);
    expect(smsSegments("😀".repeat(36)).segments).toBe(2);
  });
});
