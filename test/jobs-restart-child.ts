// A process for lib/server/jobs.test.ts: the app's job mechanism on the database
// of DATA_DIR (or DATABASE_URL with JOBS_SCHEMA). Prints one JSON line per fact.
//   send <file>  starts jobs, sends a job due in a few seconds, prints its id, and waits to be killed
//   work <file>  starts jobs, waits for the job to append to <file>, stops, and prints the job rows
import fs from "node:fs";
import { closeDb, getSqlExecutor } from "@/db/client";
import { defineJob, startJobs, stopJobs } from "@/lib/server/jobs";

const [mode, file] = process.argv.slice(2);
const say = (fact: object) => process.stdout.write(`${JSON.stringify(fact)}\n`);

let ran = () => {};
const appended = new Promise<void>((resolve) => (ran = resolve));
const probe = defineJob<{ mark: string }>("restart-probe", async ({ mark }, job) => {
  fs.appendFileSync(file, `${mark} ${job.id}\n`);
  ran();
});

async function main() {
  // Never the developer's own ./data.
  if (!process.env.DATA_DIR && !process.env.DATABASE_URL) throw new Error("Set DATA_DIR or DATABASE_URL");
  await startJobs({ schedules: false });
  if (mode === "send") {
    say({ sent: await probe.send({ mark: "ran" }, { startAfter: 5 }) });
    setInterval(() => {}, 60_000);
    return;
  }
  await appended;
  await stopJobs();
  const sql = await getSqlExecutor();
  const schema = process.env.JOBS_SCHEMA || "pgboss";
  const { rows } = await sql.executeSql(`select id, state from ${schema}.job where name = $1`, ["restart-probe"]);
  say({ jobs: rows });
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
