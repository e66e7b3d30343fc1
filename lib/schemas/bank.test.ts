import { describe, expect, it } from "vitest";
import { BIC_PATTERN, compact, ibanProblem, vatNumber, vatProblem } from "./bank";

describe("IBAN", () => {
  it.each(["DE89 3704 0044 0532 0130 00", "GB29 NWBK 6016 1331 9268 19", "fr14 2004 1010 0505 0001 3m02 606", "CH93 0076 2011 6238 5295 7"])(
    "takes %s",
    (iban) => expect(ibanProblem(iban)).toBeNull(),
  );

  it("finds a typo by the check digits", () => {
    expect(ibanProblem("DE89 3704 0044 0532 0130 01")).toEqual({ key: "validation.business.ibanCheck" });
    expect(ibanProblem("DE98 3704 0044 0532 0130 00")).toEqual({ key: "validation.business.ibanCheck" });
  });

  it("says what is wrong with the shape or the length", () => {
    expect(ibanProblem("3704 0044 0532 0130 00")).toEqual({ key: "validation.business.ibanShape" });
    expect(ibanProblem("DE89 3704 0044 0532 0130")).toEqual({ key: "validation.business.ibanLength", values: { country: "DE", length: "22" } });
    expect(ibanProblem("US12 3456 7890 1234")).toEqual({ key: "validation.business.ibanCountry", values: { country: "US" } });
  });
});

describe("BIC", () => {
  it("has 8 or 11 characters of its shape", () => {
    expect(BIC_PATTERN.test(compact("COBA DE FF XXX"))).toBe(true);
    expect(BIC_PATTERN.test("DEUTDEFF")).toBe(true);
    expect(BIC_PATTERN.test("DEUTDEF")).toBe(false);
    expect(BIC_PATTERN.test("1EUTDEFF")).toBe(false);
  });
});

describe("VAT number", () => {
  it("has its country's shape, by its prefix or the business's country", () => {
    expect(vatProblem("DE 123 456 789", null)).toBeNull();
    expect(vatProblem("123456789", "DE")).toBeNull();
    expect(vatProblem("DE12345678", null)).toEqual({ key: "validation.business.vatCountry", values: { country: "DE", example: "DE123456789" } });
    expect(vatProblem("12345678", "DE")).toEqual({ key: "validation.business.vatCountry", values: { country: "DE", example: "DE123456789" } });
    expect(vatProblem("FR 40 303 265 045", "FR")).toBeNull();
    expect(vatProblem("NL123456789B01", "DE")).toBeNull();
    expect(vatProblem("GB123456789", "GB")).toBeNull();
    expect(vatProblem("094 123 456", "GR")).toBeNull();
  });

  it("takes a number of a country it has no shape for as typed, and refuses what no VAT number looks like", () => {
    expect(vatProblem("12-3456789", "US")).toBeNull();
    expect(vatProblem("DE!", "DE")).toEqual({ key: "validation.business.vatShape" });
  });

  it("is stored compact, with its country's prefix", () => {
    expect(vatNumber("123 456 789", "DE")).toBe("DE123456789");
    expect(vatNumber("de123456789", "FR")).toBe("DE123456789");
    expect(vatNumber("094123456", "GR")).toBe("EL094123456");
    expect(vatNumber("12-3456789", "US")).toBe("123456789");
  });
});
