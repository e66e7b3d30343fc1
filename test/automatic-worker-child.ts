// Another app instance for lib/services/automatic-messages/instances.test.ts, on the
// same Postgres (DATABASE_URL, JOBS_SCHEMA): it works every job of the app, and runs
// the automatic-message sweep every second as if an hour had passed, so it races the
// other instance for each planned message. Prints one JSON line per fact.
//   work <organizationId>  prints {started}, then {done} once none of the organization's messages is planned
import { and, eq } from "drizzle-orm";
import { closeDb, getDb } from "@/db/client";
import { automaticMessage } from "@/db/schema/automatic-message";
import { message } from "@/db/schema/conversation";
import { startJobs, stopJobs } from "@/lib/server/jobs";
import { sweepAutomaticMessages } from "@/lib/services/automatic-messages/send";
import "@/lib/services/jobs";

const [, organizationId] = process.argv.slice(2);
const say = (fact: object) => process.stdout.write(`${JSON.stringify(fact)}\n`);

async function main() {
  if (!process.env.DATABASE_URL || !process.env.DATA_DIR) throw new Error("Set DATABASE_URL and DATA_DIR");
  await startJobs({ schedules: false, pollSeconds: 1 });
  say({ started: process.pid });
  const db = await getDb();
  for (;;) {
    await sweepAutomaticMessages(new Date(Date.now() + 60 * 60_000), { organizationId });
    const planned = await db
      .select({ id: automaticMessage.id })
      .from(automaticMessage)
      .where(and(eq(automaticMessage.organizationId, organizationId), eq(automaticMessage.state, "planned"), eq(automaticMessage.trigger, "booked")));
    if (planned.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  // Their deliveries, as far as they are this instance's to make (one the other instance took when it was killed waits for its lease).
  for (let round = 0; round < 15; round += 1) {
    const queued = await db
      .select({ id: message.id })
      .from(message)
      .where(and(eq(message.organizationId, organizationId), eq(message.delivery, "queued")));
    if (queued.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await stopJobs();
  say({ done: process.pid });
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
