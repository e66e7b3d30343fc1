// Runs once when the server starts, before the first request is served: stamp
// each request with its peer address, warn when APP_URL (the origin of links in
// mail) is unset, open the database and apply pending migrations, so a failing
// migration stops the start-up loudly. Then the
// background jobs start: outgoing messages (including those a stopped process
// left queued), notification digests, and whatever else lib/services/jobs.ts defines;
// a last line says so, and whether any organization exists yet (npm start reads it).
// With NEXT_MANUAL_SIG_HANDLE set (npm start, the Docker image), SIGTERM and SIGINT
// stop the server gracefully (lib/server/shutdown.ts); otherwise Next.js's own handler exits.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stampPeerAddresses } = await import("./lib/server/peer-address");
  stampPeerAddresses();
  const { warnWithoutAppUrl } = await import("./lib/server/app-origin");
  warnWithoutAppUrl();
  if (process.env.NEXT_MANUAL_SIG_HANDLE) {
    const { handleShutdownSignals } = await import("./lib/server/shutdown");
    handleShutdownSignals();
  }
  const { inboundDomainProblem } = await import("./lib/services/messaging/reply-address");
  const problem = inboundDomainProblem();
  if (problem) (await import("./lib/server/log")).log().warn(problem);
  const { getDb } = await import("./db/client");
  const db = await getDb();
  await import("./lib/services/jobs");
  const { startJobs } = await import("./lib/server/jobs");
  await startJobs();
  const { logStarted } = await import("./lib/server/started");
  await logStarted(db);
}
