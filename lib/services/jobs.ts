import "server-only";
import { getDb } from "@/db/client";
import { defineJob, scheduleJob } from "@/lib/server/jobs";
import { sendDigests } from "./digest";
// Each defines its jobs when imported: sending messages and the sweep for those
// left queued; mailbox sync and the sweep for mailboxes due.
import "./messaging/delivery";
import "./messaging/mailbox/sync-job";
import "./automatic-messages/send";
import "./quote-expiry";
import "./invoice-overdue";
import { log } from "@/lib/server/log";

/*
 * Every background job, defined before the workers start: a process that calls
 * startJobs() after importing this module works all of them. A module that
 * defines a job of its own is imported here too.
 */

/** Notification digests: one run a minute across all instances; a member's period decides whether it gets one. */
const digests = defineJob(
  "send-digests",
  async () => {
    const run = await sendDigests(await getDb(), new Date());
    if (run.failed > 0) log().error(`[digest] ${run.failed} digests not sent, due again next minute`);
  },
  // The next minute's run takes whoever was missed; a retry would only add a run.
  { retryLimit: 0, expireInSeconds: 10 * 60 },
);
scheduleJob(digests, "* * * * *");
