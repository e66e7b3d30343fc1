import { wordsFor } from "@/lib/i18n/messages";
import { ImportFileError } from "@/lib/import/sheet";

/** What the user reads, in US English: a catalogue key with its values in words. */
export const inEnglish = wordsFor("en-US");

/** Spec §5 spells it this way. */
export const NOT_ENOUGH_ROWS = inEnglish("import.problem.notEnoughRows");

/**
 * A parse whose refusal reads as the user reads it: an ImportFileError carries a
 * catalogue key, rethrown here as an error with its English words (and its problem).
 */
export async function worded<T>(parse: Promise<T>): Promise<T> {
  try {
    return await parse;
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    throw Object.assign(new Error(inEnglish(error.message, error.values)), { problem: error.problem });
  }
}

/** `worded` for a check that throws at once. */
export function wordedNow<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    throw Object.assign(new Error(inEnglish(error.message, error.values)), { problem: error.problem });
  }
}
