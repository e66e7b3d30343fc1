/** The fake Google OAuth server and Gmail API for tests in this process, configured through the app's variables. */
import { pointEnv } from "./env";
import { start } from "./fakes/google";

/** Also here, so a provider's tests take everything about its fake from one file. */
export { consent } from "./fakes/http";

export const GOOGLE_CLIENT = { id: "test-google-client.apps.googleusercontent.com", secret: "test-google-secret" };

/** Starts the fake, tells it the client it accepts, and points the app's Google variables at it until `close`. */
export async function useFakeGoogle() {
  const fake = await start();
  fake.state.client = { ...GOOGLE_CLIENT };
  const restore = pointEnv({
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
    GOOGLE_AUTH_URL: fake.url,
    GOOGLE_API_URL: fake.url,
  });
  return { ...fake, close: () => fake.close().finally(restore) };
}
