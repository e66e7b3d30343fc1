import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files known to take the longest (a minute or more on a busy machine): started first,
 * so that no worker begins one of them while the others are nearly done. On a fresh
 * clone Vitest has no durations to go by and would start these last, as they are small
 * files that run large tables.
 */
const LONGEST = [/\/app\/api\/api\/fuzz-\d+\.test\.ts$/, /\/test\/isolation\/[^/]+\.isolation\.test\.ts$/, /\/lib\/server\/(backup|jobs)\.test\.ts$/];

export class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const longest = (file: TestSpecification) => LONGEST.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(longest), ...sorted.filter((file) => !longest(file))];
  }
}
