import { RE2JS, RE2JSSyntaxException } from "re2js";

/**
 * Field validations are written by tenants and run on every save, workflow run and
 * import row, in the browser and on the server. They run on RE2 (re2js), whose time
 * grows linearly with the value: a backtracking engine lets "(a+)+" stall the whole
 * process. What RE2 cannot run (backreferences, lookaround) is refused when the
 * project type is saved.
 */
export type FieldPattern = {
  /** Whether the whole value matches, like an HTML `pattern` attribute. */
  test(value: string): boolean;
};

/** Instructions of a compiled pattern; matching costs this many steps per character at worst. */
export const MAX_PATTERN_SIZE = 500;

export class PatternError extends Error {}

const PREFIX = "Not a valid regular expression: ";

function readable(error: RE2JSSyntaxException): string {
  const at = error.getPattern() ?? "";
  if (/^\(\?(=|!|<=|<!)/.test(at)) return "Lookaround is not supported";
  if (/^\\([1-9]|k)/.test(at)) return "Backreferences are not supported";
  if (at.startsWith("\\u")) return `${PREFIX}write \\x{00E9} instead of \\u00E9`;
  if (at.startsWith("\\c")) return `${PREFIX}control escapes like \\cA are not supported`;
  const description = error.getDescription();
  if (description === "invalid repeat count") return `${PREFIX}repeat counts go up to 1000 (${at})`;
  if (description === "expression too large" || description === "expression nests too deeply") {
    return "This pattern is too complex; simplify it";
  }
  return at ? `${PREFIX}${description} in ${at}` : `${PREFIX}${description}`;
}

function compile(validation: string): FieldPattern | PatternError {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(validation);
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) return new PatternError(readable(error));
    return new PatternError("This pattern is too complex; simplify it");
  }
  if (compiled.programSize() > MAX_PATTERN_SIZE) {
    return new PatternError("This pattern is too complex; use smaller repeat counts or fewer alternatives");
  }
  return { test: (value) => compiled.matches(value) };
}

/** Compiled patterns by their text, the most recently used last; each compile costs far more than a match. */
const cache = new Map<string, FieldPattern | PatternError>();
const CACHE_SIZE = 500;

function cached(validation: string): FieldPattern | PatternError {
  let entry = cache.get(validation);
  if (entry) cache.delete(validation);
  else entry = compile(validation);
  cache.set(validation, entry);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return entry;
}

/** A field's validation, compiled; throws a PatternError with a readable reason when it cannot run. */
export function fieldPattern(validation: string): FieldPattern {
  const entry = cached(validation);
  if (entry instanceof PatternError) throw entry;
  return entry;
}

/** Why a validation text cannot be used, in words for the person who typed it; null when it can. */
export function patternProblem(validation: string): string | null {
  if (!validation.trim()) return null;
  const entry = cached(validation.trim());
  return entry instanceof PatternError ? entry.message : null;
}

/**
 * Whether a value satisfies a validation. A stored pattern that no longer compiles
 * (saved before patterns ran on RE2) refuses every value until the type is corrected.
 */
export function patternAccepts(validation: string, value: string): boolean {
  const entry = cached(validation);
  return !(entry instanceof PatternError) && entry.test(value);
}
