import { fieldPattern } from "@/lib/schemas/project-fields";

/** Why a field's validation text is not a usable regular expression, in the server's words; null when it is. */
export function regexProblem(validation: string): string | null {
  if (!validation.trim()) return null;
  try {
    fieldPattern(validation.trim());
    return null;
  } catch (error) {
    return `Not a valid regular expression: ${(error as Error).message}`;
  }
}
