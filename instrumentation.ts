// Runs once when the server starts, before the first request is served: stamp
// each request with its peer address, open the database and apply pending
// migrations, so a failing migration stops the start-up loudly. Then outgoing
// messages left queued by a stopped process are sent, and swept for every minute.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stampPeerAddresses } = await import("./lib/server/peer-address");
  stampPeerAddresses();
  const { getDb } = await import("./db/client");
  await getDb();
  const { startDeliverySweep } = await import("./lib/services/delivery");
  startDeliverySweep();
}
