import "server-only";
import { log } from "./log";

const localOrigin = () => `http://localhost:${process.env.PORT || 3000}`;

/**
 * The origin every link in mail points at: APP_URL, else this server on
 * localhost. Never the request's Host or X-Forwarded-Host: whoever sends the
 * request chooses those, and could make a genuine email link to their own site.
 */
export function appOrigin(): string {
  return process.env.APP_URL ? new URL(process.env.APP_URL).origin : localOrigin();
}

/** At start: without APP_URL, links in mail lead to localhost, which is no use to anyone on another machine. */
export function warnWithoutAppUrl(): void {
  if (process.env.APP_URL) return;
  log().warn(
    `APP_URL is not set: links in emails (sign-up, password recovery, member invitations, notification digests, unsubscribe) point at ${localOrigin()}. Set APP_URL to the address users open before real users get mail.`,
  );
}
