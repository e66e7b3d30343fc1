import { parentPort } from "node:worker_threads";
import { runParseTask, type ParseTask } from "./parse-tasks";

// A parse worker's entry (started by lib/server/parse-pool.ts): one task at a time.
// An error that is no refusal of the input (a bug, a stack overflow in a library)
// is answered as `failed`; running out of memory ends the worker, which the pool sees.

parentPort?.on("message", async (task: ParseTask) => {
  try {
    const { answer, transfer } = await runParseTask(task);
    parentPort!.postMessage({ answer }, transfer);
  } catch (error) {
    parentPort!.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  }
});
