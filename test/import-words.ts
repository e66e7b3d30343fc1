import { wordsFor } from "@/lib/i18n/messages";
import { ImportFileError } from "@/lib/import/sheet";

/** What the user reads, in US English: a catalogue key with its values in words. */
export const inEnglish = wordsFor("en-US");

/** Spec §5 spells it this way. */
export const NOT_ENOUGH_ROWS = inEnglish("import.problem.notEnoughRows");

/** A refused file's error as the user reads it: its English words (and its problem); any other error as it is. */
function inWords(error: unknown): unknown {
  if (!(error instanceof ImportFileError)) return error;
  return Object.assign(new Error(inEnglish(error.message, error.values)), { problem: error.problem });
}

/** A parse whose refusal reads as the user reads it (an ImportFileError carries a catalogue key). */
export async function worded<T>(parse: Promise<T>): Promise<T> {
  try {
    return await parse;
  } catch (error) {
    throw inWords(error);
  }
}

/** `worded` for a check that throws at once. */
export function wordedNow<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw inWords(error);
  }
}
