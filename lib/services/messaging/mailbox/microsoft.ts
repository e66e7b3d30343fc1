import "server-only";
import crypto from "node:crypto";
import type { ConfidentialClientApplication, Configuration } from "@azure/msal-node";
import { mailboxAddress, sendMessage, syncInbox } from "./microsoft-mail";
import { GrantRevoked, type Credentials, type MailProvider } from "./provider";

// Microsoft 365 / Outlook.com through the Microsoft identity platform (MSAL's
// confidential client, authorization code with PKCE) and Microsoft Graph.
//
// MSAL keeps the refresh token inside its token cache and does not hand it out:
// the credentials are that serialized cache and the account's home id. Each use
// rebuilds a client around the cache, asks for a token silently (MSAL refreshes
// when the access token is within five minutes of expiry), and keeps the cache
// again when it changed.

/** The consent asked for: read and send mail, stay connected, know the mailbox's address. */
export const MICROSOFT_SCOPES = ["Mail.Read", "Mail.Send", "offline_access", "User.Read"];
/** What a token is asked for; MSAL adds openid, profile and offline_access itself. */
const TOKEN_SCOPES = ["Mail.Read", "Mail.Send", "User.Read"];

type MicrosoftCredentials = { cache: string; homeAccountId: string };

const loginUrl = () => (process.env.MICROSOFT_LOGIN_URL || "https://login.microsoftonline.com").replace(/\/+$/, "");

// MSAL is loaded on first use (most processes never talk to Microsoft); its errors come only after that.
let msal: typeof import("@azure/msal-node") | undefined;

async function client(): Promise<ConfidentialClientApplication> {
  msal ??= await import("@azure/msal-node");
  const configuration: Configuration = {
    auth: {
      clientId: process.env.MICROSOFT_CLIENT_ID ?? "",
      clientSecret: process.env.MICROSOFT_CLIENT_SECRET ?? "",
      authority: `${loginUrl()}/${process.env.MICROSOFT_TENANT || "common"}`,
      // Another login host (a national cloud, a test server) is trusted as given: no instance discovery at Microsoft.
      ...(process.env.MICROSOFT_LOGIN_URL && { knownAuthorities: [new URL(loginUrl()).host] }),
    },
  };
  return new msal.ConfidentialClientApplication(configuration);
}

function readCredentials(credentials: Credentials): MicrosoftCredentials {
  const { cache, homeAccountId } = credentials as Partial<MicrosoftCredentials>;
  if (typeof cache !== "string" || typeof homeAccountId !== "string") throw new GrantRevoked("The Microsoft connection holds no tokens; connect again");
  return { cache, homeAccountId };
}

/** Microsoft's answer that the grant is gone: revoked consent, expired or invalidated refresh token, or a sign-in it now requires. */
function grantGone(error: unknown): boolean {
  if (!msal) return false;
  if (error instanceof msal.InteractionRequiredAuthError) return true;
  return error instanceof msal.ServerError && ["invalid_grant", "interaction_required", "consent_required", "login_required"].includes(error.errorCode);
}

const describe = (error: unknown) =>
  msal && (error instanceof msal.ServerError || error instanceof msal.InteractionRequiredAuthError) ? error.errorMessage || error.errorCode : String(error);

export const microsoftMailbox: MailProvider = {
  type: "microsoft",
  label: "Microsoft",

  configured: () => Boolean(process.env.MICROSOFT_CLIENT_ID?.trim() && process.env.MICROSOFT_CLIENT_SECRET?.trim()),

  async authorizationUrl({ state, redirectUri, codeVerifier }) {
    return (await client()).getAuthCodeUrl({
      scopes: MICROSOFT_SCOPES,
      redirectUri,
      state,
      prompt: "consent",
      responseMode: "query",
      codeChallenge: crypto.createHash("sha256").update(codeVerifier).digest("base64url"),
      codeChallengeMethod: "S256",
    });
  },

  async exchangeCode({ code, redirectUri, codeVerifier }) {
    const app = await client();
    let result;
    try {
      result = await app.acquireTokenByCode({ code, redirectUri, codeVerifier, scopes: TOKEN_SCOPES });
    } catch (error) {
      throw new Error(`Microsoft did not accept the authorization: ${describe(error)}`.slice(0, 500));
    }
    if (!result.account) throw new Error("Microsoft did not tell which account was connected");
    const email = await mailboxAddress(result.accessToken);
    return { email, credentials: { cache: app.getTokenCache().serialize(), homeAccountId: result.account.homeAccountId } };
  },

  async accessToken(credentials) {
    const { cache, homeAccountId } = readCredentials(credentials);
    const app = await client();
    const tokens = app.getTokenCache();
    tokens.deserialize(cache);
    const account = await tokens.getAccountByHomeId(homeAccountId);
    if (!account) throw new GrantRevoked("The Microsoft account is no longer in the connection's tokens; connect again");
    try {
      const result = await app.acquireTokenSilent({ account, scopes: TOKEN_SCOPES });
      const next = tokens.serialize();
      return { accessToken: result.accessToken, credentials: next === cache ? credentials : { cache: next, homeAccountId } };
    } catch (error) {
      if (grantGone(error)) throw new GrantRevoked(`Microsoft refused the connection: ${describe(error)}`.slice(0, 500));
      throw error;
    }
  },

  sync: syncInbox,
  send: sendMessage,

  /**
   * Microsoft has no endpoint that revokes one application's delegated grant or
   * refresh token (revokeSignInSessions would sign the user out of every app and
   * needs an administrator's permission). Disconnecting deletes the sealed token
   * cache with the mailbox row, so this server can no longer act for the user;
   * the user removes the app's consent at https://myapps.microsoft.com (work
   * accounts) or https://account.live.com/consent/Manage (personal accounts).
   */
  async revoke() {},
};
