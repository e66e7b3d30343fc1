import { describe, expect, it } from "vitest";
import { fieldPattern, MAX_PATTERN_SIZE, patternAccepts, patternProblem } from "./field-pattern";
import { fieldDefinitionSchema } from "./project-fields";
import { cpuMs } from "@/test/cpu-time";

describe("field patterns", () => {
  it("match the whole value, like an HTML pattern attribute", () => {
    expect(fieldPattern("[A-Z]{2}\\d{4}").test("AB1234")).toBe(true);
    expect(fieldPattern("[A-Z]{2}\\d{4}").test("AB12345")).toBe(false);
    expect(fieldPattern("a|b").test("b")).toBe(true);
    expect(fieldPattern("a|b").test("ab")).toBe(false);
    expect(fieldPattern("(?i)boiler").test("BOILER")).toBe(true);
    expect(fieldPattern("\\p{L}+").test("Müller")).toBe(true);
    expect(fieldPattern(".").test("😀")).toBe(true);
    expect(fieldPattern("(?<area>\\d{3})-\\d{4}").test("555-1234")).toBe(true);
  });

  // A backtracking engine takes seconds to forever here; the bound is on CPU time, so a busy machine cannot fail it.
  it("run in linear time on the values that stall a backtracking engine", () => {
    const hostile = "a".repeat(29) + "!";
    for (const pattern of ["(a+)+", "(a|a)*", "(a|aa)+", "(.*a){12}", "(\\w+\\s?)*"]) {
      const started = cpuMs();
      expect(patternAccepts(pattern, hostile)).toBe(false);
      expect(patternAccepts(pattern, "a".repeat(2000) + "!")).toBe(false);
      expect(cpuMs() - started, pattern).toBeLessThan(1000);
    }
  });

  it("refuse what RE2 cannot run, in words a person can act on", () => {
    expect(patternProblem("(a)\\1")).toBe("Backreferences are not supported");
    expect(patternProblem("(?<n>a)\\k<n>")).toBe("Backreferences are not supported");
    expect(patternProblem("(?=a)a")).toBe("Lookaround is not supported");
    expect(patternProblem("a(?!b)")).toBe("Lookaround is not supported");
    expect(patternProblem("(?<=a)b")).toBe("Lookaround is not supported");
    expect(patternProblem("(?<!a)b")).toBe("Lookaround is not supported");
    expect(patternProblem("[A-Z")).toBe("Not a valid regular expression: missing closing ] in [A-Z");
    expect(patternProblem("a)|(b")).toMatch(/^Not a valid regular expression: unexpected \)/);
    expect(patternProblem("a**")).toMatch(/^Not a valid regular expression: invalid nested repetition operator/);
    expect(patternProblem("\\u00e9")).toBe("Not a valid regular expression: write \\x{00E9} instead of \\u00E9");
    expect(patternProblem("a{1001}")).toBe("Not a valid regular expression: repeat counts go up to 1000 ({1001})");
    expect(patternProblem(`(a|aa){${MAX_PATTERN_SIZE}}`)).toMatch(/^This pattern is too complex/);
    expect(patternProblem("  ")).toBeNull();
    expect(patternProblem("[A-Z]{2}\\d{4}")).toBeNull();
    expect(() => fieldPattern("(?=a)")).toThrow("Lookaround is not supported");
  });

  it("refuse every value while a stored pattern cannot run", () => {
    expect(patternAccepts("(?=a)a", "a")).toBe(false);
  });

  it("are checked when a field definition is saved", () => {
    const parsed = fieldDefinitionSchema.safeParse({ id: 1, title: "Code", validation: " (a)\\1 " });
    expect(parsed.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ["validation"], message: "Backreferences are not supported" },
    ]);
    expect(fieldDefinitionSchema.parse({ id: 1, title: "Code", validation: " (a+)+ " }).validation).toBe("(a+)+");
  });
});
