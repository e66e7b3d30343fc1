import { describe, expect, it } from "vitest";
import { firstDayOfWeek } from "./locales";

describe("firstDayOfWeek", () => {
  it("starts the week on Monday in Germany, France and Britain, on Sunday in the United States", () => {
    expect(firstDayOfWeek("de-DE")).toBe(1);
    expect(firstDayOfWeek("fr-FR")).toBe(1);
    expect(firstDayOfWeek("en-GB")).toBe(1);
    expect(firstDayOfWeek("en-US")).toBe(0);
  });
});
