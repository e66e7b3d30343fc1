import { describe, expect, it } from "vitest";
import { quoteTotals } from "@/lib/money/quote-totals";
import {
  freeLine,
  lineFromItem,
  moveItem,
  moveLine,
  optionsToBody,
  optionsToContent,
  optionsToValues,
  stepLine,
  storedDeposit,
  type AnsweredOption,
  type RateForTotals,
  type SectionValues,
} from "./quote-values";

const standard: RateForTotals = { id: "r-19", name: "Standard", category: "standard", percent: 19, exemption_reason: null, default: true };
const reduced: RateForTotals = { id: "r-7", name: "Reduced", category: "reduced", percent: 7, exemption_reason: null };

const answered: AnsweredOption[] = [
  {
    id: "opt1",
    name: "Standard",
    description: null,
    sections: [
      {
        id: "sec1",
        title: "",
        lines: [
          {
            id: "l1",
            price_item: "item-1",
            name: "Boiler",
            description: null,
            quantity: 1.5,
            unit: "piece",
            unit_price: 10_000,
            unit_cost: 6_000,
            discount: { percent: 10 },
            // Saved at 16 %: the rate named r-19 has changed since, the quote has not.
            tax: { id: "r-19", name: "Standard", category: "standard", percent: 16, exemption_reason: null },
            optional: false,
            selected: true,
          },
        ],
      },
    ],
  },
];

describe("quote editor values", () => {
  it("reads an answer and writes it back as the same body", () => {
    const values = optionsToValues(answered);
    expect(values[0].sections[0].lines[0]).toMatchObject({ tax_rate: "r-19", description: "", quantity: 1.5, discount: { percent: 10 } });
    expect(optionsToBody(values)[0].sections[0].lines[0]).toEqual({
      id: "l1",
      price_item: "item-1",
      name: "Boiler",
      description: null,
      quantity: 1.5,
      unit: "piece",
      unit_price: 10_000,
      unit_cost: 6_000,
      discount: { percent: 10 },
      tax_rate: "r-19",
      optional: false,
      selected: true,
    });
  });

  it("converts to stored integers, keeping the tax a line was saved with until its rate is changed", () => {
    const values = optionsToValues(answered);
    const stored = optionsToContent(values, [standard, reduced], answered).options[0].sections[0].lines[0];
    expect(stored).toMatchObject({ quantity: 1500, unit_price: 10_000, discount: { percent_milli: 10_000 }, tax: { percent_milli: 16_000 } });
    values[0].sections[0].lines[0].tax_rate = "r-7";
    expect(optionsToContent(values, [standard, reduced], answered).options[0].sections[0].lines[0].tax).toEqual({
      id: "r-7",
      name: "Reduced",
      category: "reduced",
      percent_milli: 7000,
      exemption_reason: null,
    });
  });

  it("gives the totals the server computes: 1.5 × 100.00 − 10 % = 135.00 net, 16 % tax, 30 % deposit", () => {
    const content = optionsToContent(optionsToValues(answered), [standard], answered);
    const [totals] = quoteTotals(content, "EUR", storedDeposit({ percent: 30 }));
    expect(totals.totals).toMatchObject({ net: 13_500, tax: 2_160, gross: 15_660 });
    expect(totals.deposit).toBe(4_698);
  });

  it("counts an optional line only while it is ticked, and a line without a rate at the default", () => {
    const line = { ...freeLine(), name: "Extra", unit_price: 5_000, optional: true, selected: false };
    const values = [{ id: "o", name: "", description: "", sections: [{ id: "s", title: "", lines: [line] }] }];
    const off = quoteTotals(optionsToContent(values, [standard, reduced]), "EUR", null)[0];
    expect(off.totals.gross).toBe(0);
    expect(off.lineNets[line.id]).toBe(5_000);
    line.selected = true;
    const on = quoteTotals(optionsToContent(values, [standard, reduced]), "EUR", null)[0];
    expect(on.totals).toMatchObject({ net: 5_000, tax: 950, gross: 5_950 });
  });

  it("counts what is still being typed as nothing rather than failing", () => {
    const line = { ...freeLine(), quantity: "" as const, unit_price: null, discount: { percent: Number.NaN } };
    const content = optionsToContent([{ id: "o", name: "", description: "", sections: [{ id: "s", title: "", lines: [line] }] }], [standard]);
    expect(content.options[0].sections[0].lines[0]).toMatchObject({ quantity: 0, unit_price: 0, discount: null });
    expect(optionsToBody([{ id: "o", name: "", description: "", sections: [{ id: "s", title: "", lines: [line] }] }])[0].sections[0].lines[0]).not.toHaveProperty("unit_price");
  });

  it("takes a price book item's name, price, cost and rate", () => {
    const line = lineFromItem({ id: "i", name: "Pipe", description: null, unit: "metre", unit_price: 1_250, unit_cost: 800, tax_rate: "r-7" });
    expect(line).toMatchObject({ price_item: "i", name: "Pipe", unit: "metre", quantity: 1, unit_price: 1_250, unit_cost: 800, tax_rate: "r-7" });
    expect(line.id).toMatch(/^[a-z0-9]{10}$/);
  });
});

describe("moving lines and sections", () => {
  const sections = (): SectionValues[] => [
    { id: "a", title: "A", lines: [{ ...freeLine(), id: "1" }, { ...freeLine(), id: "2" }] },
    { id: "b", title: "B", lines: [{ ...freeLine(), id: "3" }] },
  ];
  const ids = (all: SectionValues[]) => all.map((section) => section.lines.map((line) => line.id));

  it("moves a line within and across sections", () => {
    expect(ids(moveLine(sections(), { section: 0, index: 0 }, { section: 0, index: 1 }))).toEqual([["2", "1"], ["3"]]);
    expect(ids(moveLine(sections(), { section: 1, index: 0 }, { section: 0, index: 1 }))).toEqual([["1", "3", "2"], []]);
  });

  it("steps past a section's end into the next and back", () => {
    const down = stepLine(sections(), { section: 0, index: 1 }, 1);
    expect(ids(down)).toEqual([["1"], ["2", "3"]]);
    expect(ids(stepLine(down, { section: 1, index: 0 }, -1))).toEqual([["1", "2"], ["3"]]);
    // Nowhere further to go: unchanged.
    expect(ids(stepLine(sections(), { section: 0, index: 0 }, -1))).toEqual([["1", "2"], ["3"]]);
  });

  it("moves a section", () => {
    expect(moveItem(sections(), 1, 0).map((section) => section.id)).toEqual(["b", "a"]);
    expect(moveItem(sections(), 1, 5).map((section) => section.id)).toEqual(["a", "b"]);
  });
});
