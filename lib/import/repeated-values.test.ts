import { describe, expect, it } from "vitest";
import { repeatedValues } from "./repeated-values";

describe("repeatedValues", () => {
  it("finds the values several rows hold, without case, with the file's row numbers", () => {
    const sheet = {
      columns: ["Name", "Email"],
      rows: [
        ["Twin A", "twins@example.test"],
        ["Mia", "mia@example.test"],
        ["Twin B", "TWINS@example.test"],
        ["Noah", null],
        ["Ivy", null],
        ["Twin C", "twins@example.test"],
      ],
    };
    expect(repeatedValues(sheet, 1)).toEqual([{ value: "twins@example.test", rows: [2, 4, 7] }]);
    expect(repeatedValues(sheet, 0)).toEqual([]);
  });
});
