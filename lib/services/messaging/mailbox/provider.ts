import type { SendMailOptions } from "nodemailer";
import type { MailboxProvider } from "@/lib/schemas/constants";
import type { InboundMessage } from "../inbound";

/**
 * What one mailbox provider (Google, Microsoft) does for a connected mailbox.
 * The shared core (lib/services/mailbox/) keeps the state, seals the credentials,
 * runs sync and sending as jobs, and handles a revoked grant; a provider only
 * talks to its own service.
 */

/** The provider's own tokens (or token cache), stored sealed as JSON; only the provider reads inside. */
export type Credentials = Record<string, unknown>;

export type AuthorizationRequest = {
  /** The opaque value the provider must hand back; bound to the session by the core. */
  state: string;
  redirectUri: string;
  /** PKCE verifier the core generated and keeps until the code comes back (Microsoft). */
  codeVerifier: string;
};

export type CodeExchange = { code: string; redirectUri: string; codeVerifier: string };

/** One outgoing email as the conversation wrote it, with what is known of its thread. */
export type OutgoingMail = SendMailOptions & {
  to: string;
  subject: string;
  /** The provider's thread id of the conversation's last message from this mailbox (Gmail threadId, Graph conversationId). */
  threadId: string | null;
  /** The provider's id of the message this one answers, when it came through this mailbox. */
  replyToProviderId: string | null;
};

export type Sent = { providerId: string | null; threadId: string | null };

/** Thrown when the grant is gone (invalid_grant, consent revoked): the core disconnects and tells the admins. */
export class GrantRevoked extends Error {}

/** A provider's API answered with an error: its HTTP status (0 when there was no answer) and its own error code. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The provider asks to come back later (429, 503, a rate-limit 403); the job that met it is retried. */
export class ProviderThrottled extends ProviderError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, code, message);
  }
}

/** The seconds a Retry-After header asks for; 30 when it is missing or not a number of seconds. */
export function retryAfter(header: string | null | undefined): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 30;
}

export interface MailProvider {
  type: MailboxProvider;
  /** "Google", "Microsoft": the word the toasts and the Integrations screen use. */
  label: string;
  /** Whether this server has the client id and secret; without them Connect is disabled. */
  configured(): boolean;
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /** Redeems the code; the mailbox's address and the credentials to keep. */
  exchangeCode(exchange: CodeExchange): Promise<{ email: string; credentials: Credentials }>;
  /** A usable access token, refreshed when close to expiry; the credentials to keep when they changed. */
  accessToken(credentials: Credentials): Promise<{ accessToken: string; credentials: Credentials }>;
  /**
   * Reads what arrived since `cursor` (null: first sync, bounded to recent mail),
   * handing each message to `receive` in order; resolves with the next cursor.
   */
  sync(accessToken: string, cursor: string | null, receive: (message: InboundMessage) => Promise<void>): Promise<string>;
  send(accessToken: string, mail: OutgoingMail): Promise<Sent>;
  /** Best effort: the provider forgets the grant. */
  revoke(credentials: Credentials): Promise<void>;
}
