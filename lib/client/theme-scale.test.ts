import { describe, expect, it } from "vitest";
import { parseScale, SCALE_SCRIPT, SCALE_STORAGE_KEY } from "./theme-scale";

/** Runs the <head> script against a stored value and returns the scale it set, if any. */
function runScript(stored: string | null) {
  const set: Record<string, string> = {};
  const localStorage = { getItem: (key: string) => (key === SCALE_STORAGE_KEY ? stored : null) };
  const document = { documentElement: { style: { setProperty: (name: string, value: string) => (set[name] = value) } } };
  new Function("localStorage", "document", SCALE_SCRIPT)(localStorage, document);
  return set["--mantine-scale"];
}

describe("theme scale", () => {
  it("accepts only the offered scales and falls back to 100 %", () => {
    expect(parseScale("1.1")).toBe(1.1);
    expect(parseScale("0.9")).toBe(0.9);
    expect(parseScale("3")).toBe(1);
    expect(parseScale("nonsense")).toBe(1);
    expect(parseScale(null)).toBe(1);
  });

  it("the head script applies a stored scale before paint and ignores anything else", () => {
    expect(runScript("1.1")).toBe("1.1");
    expect(runScript("0.95")).toBe("0.95");
    expect(runScript(null)).toBeUndefined();
    expect(runScript("2")).toBeUndefined();
    expect(runScript("<script>")).toBeUndefined();
  });
});
