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

  it("reads German and the accents of the GSM alphabet as GSM-7", () => {
    expect(smsSegments("Grüße aus München, Straße 5. Où est l'hôtel?").encoding).toBe("UCS-2");
    expect(smsSegments("Grüße aus München, Straße 5. Où est l'école à Paris?").encoding).toBe("GSM-7");
  });

  it("counts extension characters twice", () => {
    expect(smsSegments("€".repeat(80))).toEqual({ characters: 80, segments: 1, encoding: "GSM-7" });
    expect(smsSegments("€".repeat(81)).segments).toBe(2);
    expect(smsSegments(`${"a".repeat(158)}[`)).toEqual({ characters: 159, segments: 1, encoding: "GSM-7" });
    expect(smsSegments(`${"a".repeat(159)}[`).segments).toBe(2);
  });

  it("never tears an escape from its character across two parts", () => {
    // 306 septets would fill two parts, but the € after 152 septets does not fit the first part's last one.
    expect(smsSegments(`${"a".repeat(152)}€${"a".repeat(152)}`).segments).toBe(3);
    expect(smsSegments(`${"a".repeat(151)}€${"a".repeat(151)}`).segments).toBe(2);
  });

  it("switches to UCS-2 on any other character: 70 in one part, 67 per part", () => {
    expect(smsSegments(`${"a".repeat(69)}ł`)).toEqual({ characters: 70, segments: 1, encoding: "UCS-2" });
    expect(smsSegments(`${"a".repeat(70)}ł`).segments).toBe(2);
    expect(smsSegments(`${"a".repeat(134)}ł`).segments).toBe(3);
    expect(smsSegments(`${"a".repeat(133)}ł`).segments).toBe(2);
  });

  it("counts an emoji as two UTF-16 units and one character, and keeps its halves together", () => {
    expect(smsSegments("😀")).toEqual({ characters: 1, segments: 1, encoding: "UCS-2" });
    expect(smsSegments("😀".repeat(35))).toEqual({ characters: 35, segments: 1, encoding: "UCS-2" });
    expect(smsSegments("😀".repeat(36)).segments).toBe(2);
    // 33 emoji fill 66 units of a part: the 34th does not fit its last unit, so 67 emoji need 3 parts, not ⌈134 / 67⌉ = 2.
    expect(smsSegments("😀".repeat(67)).segments).toBe(3);
    expect(smsSegments("😀".repeat(66)).segments).toBe(2);
  });
});
