// A process for lib/server/shutdown.test.ts: an HTTP server on the app's database
// (DATA_DIR, or DATABASE_URL with JOBS_SCHEMA) with the app's shutdown handlers.
// Prints one JSON line per fact besides the log. A request is answered after
// WORK_MS and a database round trip; a job sent at start takes WORK_MS, then
// appends "finished" to the file given as argument.
import fs from "node:fs";
import http from "node:http";
import { getSqlExecutor } from "@/db/client";
import { defineJob, startJobs } from "@/lib/server/jobs";
import { handleShutdownSignals } from "@/lib/server/shutdown";

const [file] = process.argv.slice(2);
const WORK_MS = 1500;
const say = (fact: object) => process.stdout.write(`${JSON.stringify(fact)}\n`);
const pause = () => new Promise((resolve) => setTimeout(resolve, WORK_MS));

const probe = defineJob("shutdown-probe", async () => {
  say({ job: "started" });
  await pause();
  fs.appendFileSync(file, "finished\n");
});

async function main() {
  if (!process.env.DATA_DIR && !process.env.DATABASE_URL) throw new Error("Set DATA_DIR or DATABASE_URL");
  handleShutdownSignals();
  await startJobs({ schedules: false });
  const server = http.createServer((req, res) => {
    if (req.url !== "/slow") return void res.end("fast");
    say({ request: "started" });
    void pause()
      .then(async () => (await getSqlExecutor()).executeSql("select 1 as one"))
      .then(({ rows }) => res.end(`done ${rows[0]?.one}`));
  });
  server.listen(0, "127.0.0.1", () => say({ port: (server.address() as { port: number }).port }));
  await probe.send({});
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
