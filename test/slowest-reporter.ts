import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 20;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

/**
 * Ends a run with the time each database's files took together and the slowest
 * files and tests, so that a file that became slow is seen the day it does.
 */
export default class SlowestReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const files = testModules.map((module) => ({
      name: `${module.project.name ? `[${module.project.name}] ` : ""}${module.relativeModuleId}`,
      project: module.project.name || "tests",
      ms: module.diagnostic().duration,
    }));
    const tests = testModules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        name: `${module.project.name ? `[${module.project.name}] ` : ""}${module.relativeModuleId} › ${test.name}`,
        ms: test.diagnostic()?.duration ?? 0,
      })),
    );
    const byProject = new Map<string, number>();
    for (const file of files) byProject.set(file.project, (byProject.get(file.project) ?? 0) + file.ms);
    const lines = ["", "Time in test files, added up:"];
    for (const [project, ms] of byProject) lines.push(`${seconds(ms)}  ${project}`);
    lines.push(`Slowest files:`);
    for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, SHOWN)) lines.push(`${seconds(file.ms)}  ${file.name}`);
    lines.push(`Slowest tests:`);
    for (const test of tests.sort((a, b) => b.ms - a.ms).slice(0, SHOWN)) lines.push(`${seconds(test.ms)}  ${test.name.slice(0, 160)}`);
    console.log(lines.join("\n"));
  }
}
