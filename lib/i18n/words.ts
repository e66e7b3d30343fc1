import type { MessageValues } from "./zod-issue";

/**
 * A message in its reader's language: a catalogue key with its values, in words
 * (any other text as it is). On the server from `wordsFor` (lib/i18n/messages.ts),
 * in the browser from `translate` (lib/client/translate.ts), so code both run
 * (a file's checks) words what it reports in either.
 */
export type Words = (key: string, values?: MessageValues) => string;
