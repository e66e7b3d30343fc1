import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countryCurrency, currencyDecimals, organizationCurrency } from "./currency";
import { divRound, fromScaled, toScaled } from "./decimal";
import { formatMoney, parseMoney } from "./format";
import { lineNet, markupOf, priceFromMarkup, taxOn, totals, type Line } from "./totals";
import { TAX_CATEGORIES } from "./tax";

const CURRENCIES = ["EUR", "GBP", "USD", "JPY", "BHD", "CHF", "KWD", "SEK"];
const LOCALES = ["en-US", "en-GB", "de-DE", "fr-FR", "de-CH", "fr-CH", "nl-NL", "ja-JP", "es-ES", "it-IT", "pl-PL", "en-IN"];

const amount = fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 });
const rates = [0, 5000, 5500, 7000, 10000, 19000, 20000, 21000, 8100, 2600];
const tax = fc.record({
  category: fc.constantFrom(...TAX_CATEGORIES),
  percent: fc.constantFrom(...rates),
  exemptionReason: fc.constantFrom(null, "Article 261 CGI"),
});
const line: fc.Arbitrary<Line> = fc.record({
  quantity: fc.integer({ min: -10_000_000, max: 10_000_000 }),
  unitPrice: fc.integer({ min: -100_000_000, max: 100_000_000 }),
  discount: fc.option(fc.oneof(fc.record({ amount: fc.integer({ min: 0, max: 1_000_000 }) }), fc.record({ percent: fc.integer({ min: 0, max: 100_000 }) })), { nil: undefined }),
  tax,
});

describe("currencies", () => {
  it("takes each currency's decimals from Intl", () => {
    expect(currencyDecimals("EUR")).toBe(2);
    expect(currencyDecimals("JPY")).toBe(0);
    expect(currencyDecimals("BHD")).toBe(3);
  });

  it("finds an organization's currency in its details, else its country's, else EUR", () => {
    expect(organizationCurrency({ country: "GB", business: { currency: "CHF" } })).toBe("CHF");
    expect(organizationCurrency({ country: "DE", business: { country: "GB" } })).toBe("GBP");
    expect(organizationCurrency({ country: "JP", business: {} })).toBe("JPY");
    expect(organizationCurrency({ country: null, business: {} })).toBe("EUR");
    expect(countryCurrency("fr")).toBe("EUR");
    expect(countryCurrency("ZZ")).toBeNull();
  });
});

describe("exact decimals", () => {
  it("reads decimal text exactly and refuses what is not one", () => {
    expect(toScaled("1.5", 3)).toBe(1500);
    expect(toScaled(5.5, 3)).toBe(5500);
    expect(toScaled(0.1 + 0.2, 3, true)).toBe(300);
    expect(toScaled("-0.0005", 3, true)).toBe(-1);
    expect(toScaled("1.2345", 3)).toBeNull();
    expect(toScaled("1e3", 3)).toBeNull();
    expect(toScaled("", 3)).toBeNull();
    expect(toScaled(".", 3)).toBeNull();
  });

  it("round-trips scaled integers through text", () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 4 }), (value, scale) => toScaled(fromScaled(value, scale), scale) === value));
  });

  it("rounds halves away from zero", () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(divRound(-4n, 3n)).toBe(-1n);
  });
});

describe("line nets and totals", () => {
  it("computes a line net from quantity, unit price and discount, rounded once", () => {
    // 1.5 h × 33.33 = 49.995 → 50.00
    expect(lineNet({ quantity: 1500, unitPrice: 3333 })).toBe(5000);
    expect(lineNet({ quantity: 2000, unitPrice: 1000, discount: { amount: 250 } })).toBe(1750);
    // 3 × 9.99 − 12.5 % = 26.22375 → 26.22
    expect(lineNet({ quantity: 3000, unitPrice: 999, discount: { percent: 12500 } })).toBe(2622);
  });

  it("taxes the sum of a rate's nets, not each line (EN 16931)", () => {
    const standard = { category: "standard" as const, percent: 19000 };
    const lines = [1, 2, 3].map(() => ({ quantity: 1000, unitPrice: 1, tax: standard }));
    // Per line 0.19 cent rounds to 0 three times; on the sum 3 × 0.19 = 0.57 → 1.
    expect(totals(lines, "EUR")).toMatchObject({ net: 3, tax: 1, gross: 4, groups: [{ code: "S", percent: 19000, net: 3, tax: 1 }] });
  });

  it("keeps standard and reduced apart, and charges no tax on zero, exempt and reverse charge lines", () => {
    const result = totals(
      [
        { quantity: 1000, unitPrice: 10000, tax: { category: "standard", percent: 20000 } },
        { quantity: 2000, unitPrice: 5000, tax: { category: "reduced", percent: 5000 } },
        { quantity: 1000, unitPrice: 7000, tax: { category: "reverse_charge", percent: 20000 } },
        { quantity: 1000, unitPrice: 3000, tax: { category: "exempt", percent: 0, exemptionReason: "Art. 132" } },
      ],
      "GBP",
    );
    expect(result.groups.map((group) => [group.code, group.percent, group.net, group.tax])).toEqual([
      ["S", 20000, 10000, 2000],
      ["S", 5000, 10000, 500],
      ["AE", 0, 7000, 0],
      ["E", 0, 3000, 0],
    ]);
    expect(result).toMatchObject({ net: 30000, tax: 2500, gross: 32500 });
  });

  it("never drifts: groups add up to the grand totals, each gross is net plus tax, every figure an integer", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.constantFrom(...CURRENCIES), (lines, currency) => {
        const result = totals(lines, currency);
        const sum = (pick: (g: (typeof result.groups)[number]) => number) => result.groups.reduce((total, group) => total + pick(group), 0);
        expect(sum((g) => g.net)).toBe(result.net);
        expect(sum((g) => g.tax)).toBe(result.tax);
        expect(sum((g) => g.gross)).toBe(result.gross);
        expect(result.gross).toBe(result.net + result.tax);
        expect(result.net).toBe(lines.reduce((total, item) => total + lineNet(item), 0));
        for (const group of result.groups) {
          expect(group.gross).toBe(group.net + group.tax);
          expect(group.tax).toBe(taxOn(group.net, group.percent));
          for (const figure of [group.net, group.tax, group.gross]) expect(Number.isSafeInteger(figure)).toBe(true);
        }
        for (const item of lines) expect(Number.isSafeInteger(lineNet(item))).toBe(true);
      }),
    );
  });

  it("does not depend on the order of the lines", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }).chain((lines) => fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length }))),
        ([lines, shuffled]) => {
          expect(totals(shuffled, "EUR")).toEqual(totals(lines, "EUR"));
        },
      ),
    );
  });

  it("keeps a line net within half a minor unit of the exact product", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -1_000_000, max: 1_000_000 }), (quantity, unitPrice) => {
        const exact = (quantity * unitPrice) / 1000;
        expect(Math.abs(lineNet({ quantity, unitPrice }) - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });
});

describe("markup", () => {
  it("computes a price from cost and markup, and the markup back from the two", () => {
    expect(priceFromMarkup(8000, 25000)).toBe(10000);
    expect(markupOf(10000, 8000)).toBe(25000);
    expect(markupOf(10000, null)).toBeNull();
    expect(markupOf(10000, 0)).toBeNull();
  });

  it("finds the price again from the markup it gives, for any cost and price", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 100_000_000 }), (cost, price) => {
        // A markup to a thousandth of a percent pins the price to within one minor unit per 100,000 of cost.
        const again = priceFromMarkup(cost, markupOf(price, cost)!);
        expect(Math.abs(again - price)).toBeLessThanOrEqual(Math.ceil(cost / 100_000));
      }),
    );
  });
});

describe("formatting", () => {
  it("writes amounts the locale's way with the currency's decimals", () => {
    expect(formatMoney(123450, "EUR", "de-DE")).toBe("1.234,50\u00a0€");
    expect(formatMoney(123450, "EUR", "en-US")).toBe("€1,234.50");
    expect(formatMoney(1234, "JPY", "ja-JP")).toBe("￥1,234");
    expect(formatMoney(1234, "BHD", "en-US")).toBe("BHD\u00a01.234");
    expect(formatMoney(-550, "GBP", "en-GB")).toBe("-£5.50");
  });

  it("reads back exactly what it wrote, in any locale and currency", () => {
    fc.assert(
      fc.property(amount, fc.constantFrom(...CURRENCIES), fc.constantFrom(...LOCALES), (value, currency, locale) => {
        expect(parseMoney(formatMoney(value, currency, locale), currency, locale)).toBe(value);
      }),
    );
  });

  it("reads what people type", () => {
    expect(parseMoney("12,5", "EUR", "de-DE")).toBe(1250);
    expect(parseMoney("1 234,56", "EUR", "fr-FR")).toBe(123456);
    expect(parseMoney("12.345", "EUR", "en-US")).toBe(1235);
    expect(parseMoney("abc", "EUR", "en-US")).toBeNull();
    expect(parseMoney("", "EUR", "en-US")).toBeNull();
  });
});
