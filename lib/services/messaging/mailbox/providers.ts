import "server-only";
import type { MailboxProvider } from "@/lib/schemas/constants";
import { googleMailbox } from "./google";
import { microsoftMailbox } from "./microsoft";
import type { MailProvider } from "./provider";

export const mailProviders: Record<MailboxProvider, MailProvider> = { google: googleMailbox, microsoft: microsoftMailbox };

/** Which providers this server has an OAuth client for (client id and secret both set). */
export function configuredProviders(): Record<MailboxProvider, boolean> {
  return { google: mailProviders.google.configured(), microsoft: mailProviders.microsoft.configured() };
}

/*
 * A mailbox's ids live beside those of other channels and of the other provider
 * (a Gmail thread id means nothing to Graph), so messages keep them as
 * "google:<id>" / "microsoft:<id>"; the provider sees its own ids only.
 */
export const namespaced = (provider: MailboxProvider, id: string | null) => (id ? `${provider}:${id}` : null);

export function ownId(provider: MailboxProvider, id: string | null): string | null {
  const prefix = `${provider}:`;
  return id?.startsWith(prefix) ? id.slice(prefix.length) : null;
}
