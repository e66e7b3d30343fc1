// Runs once when the server starts: open the database and apply pending migrations
// before the first request, so a failing migration stops the start-up loudly.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("./db/client");
  await getDb();
}
