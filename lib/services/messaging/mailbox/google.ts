import "server-only";
import crypto from "node:crypto";
import type { auth as googleAuth } from "googleapis/build/src/apis/gmail/index.js";
import { GOOGLE_TIMEOUT_MS, googleEndpoints, mailboxAddress, sendMessage, syncInbox } from "./google-mail";
import { GrantRevoked, type Credentials, type MailProvider } from "./provider";

// Gmail through Google's OAuth 2.0 for web server applications (googleapis'
// OAuth2 client: authorization code with PKCE and the client secret, offline
// access) and the Gmail API.
//
// The credentials are Google's token set: the refresh token, which stays valid
// until the user or Google revokes it, and the current access token with its
// expiry. An access token within five minutes of expiry is refreshed first.

/** The consent asked for: read the mailbox, send as it, and see its labels. */
export const GOOGLE_SCOPES = [
  "https://www.googleapis.com/auth/gmail.readonly",
  "https://www.googleapis.com/auth/gmail.send",
  "https://www.googleapis.com/auth/gmail.labels",
];

const REFRESH_MARGIN_MS = 5 * 60 * 1000;
const REVOKE_TIMEOUT_MS = 10_000;

type GoogleCredentials = { refresh_token: string; access_token: string | null; expiry_date: number | null };
type OAuth2 = InstanceType<typeof googleAuth.OAuth2>;
type AuthUrlOptions = NonNullable<Parameters<OAuth2["generateAuthUrl"]>[0]>;

/** Google's client library is loaded on first use: most processes never talk to Google. */
async function client(): Promise<OAuth2> {
  const { auth } = await import("googleapis/build/src/apis/gmail/index.js");
  return new auth.OAuth2({
    clientId: process.env.GOOGLE_CLIENT_ID ?? "",
    clientSecret: process.env.GOOGLE_CLIENT_SECRET ?? "",
    endpoints: googleEndpoints(),
    eagerRefreshThresholdMillis: REFRESH_MARGIN_MS,
    transporterOptions: { timeout: GOOGLE_TIMEOUT_MS, maxRedirects: 0 },
  });
}

function readCredentials(credentials: Credentials): GoogleCredentials {
  const { refresh_token, access_token, expiry_date } = credentials;
  if (typeof refresh_token !== "string" || !refresh_token) throw new GrantRevoked("The Google connection holds no refresh token; connect again");
  return {
    refresh_token,
    access_token: typeof access_token === "string" && access_token ? access_token : null,
    expiry_date: typeof expiry_date === "number" && Number.isFinite(expiry_date) ? expiry_date : null,
  };
}

/** What the token endpoint answered ({ error, error_description }), read from a failed request without keeping the request itself. */
function tokenFailure(error: unknown): { error: string | null; description: string } {
  const failure = (typeof error === "object" && error !== null ? error : {}) as { message?: string; response?: { data?: unknown } };
  const data = failure.response?.data;
  const body = (typeof data === "object" && data !== null ? data : {}) as { error?: unknown; error_description?: unknown };
  const code = typeof body.error === "string" ? body.error : null;
  const description = typeof body.error_description === "string" ? body.error_description : null;
  return { error: code, description: description || code || failure.message || String(error) };
}

const s256 = (verifier: string) => crypto.createHash("sha256").update(verifier).digest("base64url");

/** Best effort: Google forgets the grant (revoking the refresh token ends its access tokens too). The token travels in the body, not the address. */
async function revokeToken(token: string): Promise<void> {
  const oauth = await client();
  try {
    await oauth.transporter.request({
      url: oauth.endpoints.oauth2RevokeUrl.toString(),
      method: "POST",
      data: new URLSearchParams({ token }),
      timeout: REVOKE_TIMEOUT_MS,
      retry: false,
    });
  } catch {
    // Already revoked, expired or unreachable: the tokens are deleted here either way.
  }
}

export const googleMailbox: MailProvider = {
  type: "google",
  label: "Google",

  configured: () => Boolean(process.env.GOOGLE_CLIENT_ID?.trim() && process.env.GOOGLE_CLIENT_SECRET?.trim()),

  async authorizationUrl({ state, redirectUri, codeVerifier }) {
    return (await client()).generateAuthUrl({
      access_type: "offline",
      // Google hands out a refresh token only on consent; asking every time also covers a reconnect after a revoke.
      // The account chooser too: an admin signed in to several Google accounts picks the shop's mailbox.
      prompt: "select_account consent",
      scope: GOOGLE_SCOPES,
      state,
      redirect_uri: redirectUri,
      code_challenge: s256(codeVerifier),
      code_challenge_method: "S256" as AuthUrlOptions["code_challenge_method"],
    });
  },

  async exchangeCode({ code, redirectUri, codeVerifier }) {
    let tokens;
    try {
      ({ tokens } = await (await client()).getToken({ code, redirect_uri: redirectUri, codeVerifier }));
    } catch (error) {
      throw new Error(`Google did not accept the authorization: ${tokenFailure(error).description}`.slice(0, 500));
    }
    if (!tokens.access_token || !tokens.refresh_token) {
      if (tokens.access_token) await revokeToken(tokens.access_token);
      throw new Error("Google gave no lasting access to the mailbox; connect again and allow offline access");
    }
    // Google's consent screen lets the user leave single permissions unticked.
    const granted = (tokens.scope ?? "").split(/\s+/);
    const missing = tokens.scope ? GOOGLE_SCOPES.filter((scope) => !granted.includes(scope)) : [];
    if (missing.length > 0) {
      await revokeToken(tokens.refresh_token);
      const names = missing.map((scope) => scope.replace(/^.*\/auth\/gmail\./, "")).join(", ");
      throw new Error(`Google did not grant every permission the mailbox needs (missing: ${names}); connect again and allow them all`);
    }
    const email = await mailboxAddress(tokens.access_token);
    const credentials: GoogleCredentials = { refresh_token: tokens.refresh_token, access_token: tokens.access_token, expiry_date: tokens.expiry_date ?? null };
    return { email, credentials };
  },

  async accessToken(credentials) {
    const current = readCredentials(credentials);
    if (current.access_token && current.expiry_date !== null && current.expiry_date - Date.now() > REFRESH_MARGIN_MS) {
      return { accessToken: current.access_token, credentials };
    }
    const oauth = await client();
    // The library keeps the old refresh token over a new one; a rotated token is taken from the refresh answer itself.
    let rotated: string | null = null;
    oauth.on("tokens", (tokens) => {
      if (tokens.refresh_token) rotated = tokens.refresh_token;
    });
    oauth.setCredentials({ refresh_token: current.refresh_token });
    let token: string | null | undefined;
    try {
      ({ token } = await oauth.getAccessToken());
    } catch (error) {
      const failure = tokenFailure(error);
      if (failure.error === "invalid_grant") throw new GrantRevoked(`Google refused the connection: ${failure.description}`.slice(0, 500));
      throw new Error(`Google did not renew the connection's access: ${failure.description}`.slice(0, 500));
    }
    if (!token) throw new Error("Google answered the refresh without an access token");
    const next: GoogleCredentials = {
      refresh_token: rotated ?? current.refresh_token,
      access_token: token,
      expiry_date: typeof oauth.credentials.expiry_date === "number" ? oauth.credentials.expiry_date : null,
    };
    return { accessToken: token, credentials: next };
  },

  sync: syncInbox,
  send: sendMessage,

  async revoke(credentials) {
    const { refresh_token, access_token } = credentials;
    const token = typeof refresh_token === "string" && refresh_token ? refresh_token : typeof access_token === "string" && access_token ? access_token : null;
    if (token) await revokeToken(token);
  },
};
