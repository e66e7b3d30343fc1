/** The fake Microsoft identity platform and Graph for tests in this process: trusted, and configured through the app's variables. */
import tls from "node:tls";
import { pointEnv } from "./env";
import { start } from "./fakes/microsoft";

/** Also here, so a provider's tests take everything about its fake from one file. */
export { consent } from "./fakes/http";

const DISPATCHER = Symbol.for("undici.globalDispatcher.1");
const trusted = new Set<string>();

/**
 * Makes this process's fetch (MSAL's and Graph's) trust `certificate` besides the
 * public roots. NODE_EXTRA_CA_CERTS is read only when a process starts, so inside
 * a running test process the fetch engine's global agent is replaced with one that
 * has the extra CA, built from the engine's own Agent class.
 */
async function trust(certificate: string, url: string) {
  if (trusted.has(certificate)) return;
  // The first fetch loads the engine and its global agent; its outcome does not matter.
  await fetch(url).then(
    (res) => res.body?.cancel(),
    () => undefined,
  );
  const current = (globalThis as Record<symbol, unknown>)[DISPATCHER] as { constructor: new (options: object) => unknown } | undefined;
  if (!current) throw new Error("fetch has no global dispatcher to extend");
  trusted.add(certificate);
  (globalThis as Record<symbol, unknown>)[DISPATCHER] = new current.constructor({ connect: { ca: [...tls.rootCertificates, ...trusted] } });
}

export const MICROSOFT_CLIENT = { id: "test-microsoft-client", secret: "test-microsoft-secret" };

/** Starts the fake, trusts its certificate and points the app's Microsoft variables at it until `close`. */
export async function useFakeMicrosoft() {
  const fake = await start();
  await trust(fake.certificate, fake.url);
  const restore = pointEnv({
    MICROSOFT_CLIENT_ID: MICROSOFT_CLIENT.id,
    MICROSOFT_CLIENT_SECRET: MICROSOFT_CLIENT.secret,
    MICROSOFT_TENANT: undefined,
    MICROSOFT_LOGIN_URL: fake.url,
    MICROSOFT_GRAPH_URL: fake.url,
  });
  return { ...fake, close: () => fake.close().finally(restore) };
}
