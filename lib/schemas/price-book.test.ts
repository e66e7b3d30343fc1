import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceItemCreateSchema } from "./price-item";
import { percentSchema, taxRateCreateSchema, toPercentMilli } from "./tax-rate";

describe("tax rate and price item schemas", () => {
  it("give what parses again to itself, as forms send the checked values on", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (milli) => {
        const once = percentSchema(100).parse(milli / 1000);
        expect(percentSchema(100).parse(once)).toBe(once);
        expect(toPercentMilli(once)).toBe(milli);
      }),
    );
    const rate = taxRateCreateSchema.parse({ name: " Reduced ", percent: "5.5", category: "reduced", exemption_reason: "" });
    expect(taxRateCreateSchema.parse(rate)).toEqual(rate);
    const item = priceItemCreateSchema.parse({ name: "Pipe", unit: "metre", unit_cost: 333, markup: "33.333", description: "", category: "" });
    expect(priceItemCreateSchema.parse(item)).toEqual(item);
  });
});
