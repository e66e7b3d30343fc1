import "server-only";
import crypto from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { mailbox, oauthState } from "@/db/schema/mailbox";
import type { MailboxProvider } from "@/lib/schemas/constants";
import type { OauthStart, oauthConnectSchema, oauthStartSchema } from "@/lib/schemas/organization";
import type { z } from "@/lib/schemas/z";
import { badRequest, conflict, notFound } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import { seal, unseal } from "@/lib/server/seal";
import type { SessionContext } from "@/lib/server/session";
import { mailProviders } from "./providers";
import { requestMailboxSync } from "./sync-job";
import { log } from "@/lib/server/log";

/*
 * Connecting the organization's mailbox, in two requests. POST /oauth keeps a
 * random `state` (as its SHA-256) bound to the asking session and answers the
 * provider's consent URL; the browser comes back to Integrations with `code` and
 * `state`, and PATCH /organization/{id} { oauth } redeems them: the state must be
 * this session's, unused, under ten minutes old, for the same provider and return
 * address. The tokens are sealed before they are stored.
 */

export const INTEGRATIONS_PATH = "/organization/integrations";

const digest = (state: string) => crypto.createHash("sha256").update(state).digest("hex");

type MailboxRow = typeof mailbox.$inferSelect;

function ownOrganization(session: SessionContext, id: string) {
  if (id !== session.organizationId) throw notFound("Organization");
}

/** Only this app's own Integrations screen may receive the code. */
function checkRedirect(redirectUri: string, origin: string) {
  if (redirectUri !== `${origin}${INTEGRATIONS_PATH}`) {
    throw badRequest([{ path: "redirect_uri", message: "validation.mustBe", values: { value: `${origin}${INTEGRATIONS_PATH}` } }]);
  }
}

/** Both steps: the session's own organization, a provider this server can use, the app's own return address. */
function providerFor(session: SessionContext, id: string, input: { type: MailboxProvider; redirect_uri: string }, origin: string) {
  ownOrganization(session, id);
  checkRedirect(input.redirect_uri, origin);
  const provider = mailProviders[input.type];
  if (!provider.configured()) throw conflict("errors.mailbox.notConfigured", { provider: provider.label });
  return provider;
}

/** POST /organization/{id}/oauth: the provider's consent URL, with a state bound to this session. */
export async function startAuthorization(
  db: Db,
  session: SessionContext,
  id: string,
  input: z.output<typeof oauthStartSchema>,
  origin: string,
): Promise<OauthStart> {
  const provider = providerFor(session, id, input, origin);
  const state = crypto.randomBytes(32).toString("base64url");
  const codeVerifier = crypto.randomBytes(48).toString("base64url");
  await db.delete(oauthState).where(lt(oauthState.expiresAt, sql`now()`));
  await db.insert(oauthState).values({
    id: digest(state),
    sessionId: session.sessionId,
    organizationId: id,
    provider: input.type,
    redirectUri: input.redirect_uri,
    codeVerifier,
  });
  return { url: await provider.authorizationUrl({ state, redirectUri: input.redirect_uri, codeVerifier }) };
}

const stateRefused = () =>
  badRequest([{ path: "oauth.state", message: "errors.mailbox.state" }]);

/** Takes the state once: a second use, another session's, or an old one is refused. */
async function consumeState(db: Db, session: SessionContext, id: string, input: z.output<typeof oauthConnectSchema>) {
  const [taken] = await db
    .delete(oauthState)
    .where(and(eq(oauthState.id, digest(input.state)), eq(oauthState.sessionId, session.sessionId), eq(oauthState.organizationId, id)))
    .returning();
  if (!taken || taken.expiresAt.getTime() <= Date.now() || taken.provider !== input.type || taken.redirectUri !== input.redirect_uri) {
    throw stateRefused();
  }
  return taken;
}

const described = (box: Pick<MailboxRow, "provider" | "email"> | null | undefined) =>
  box ? `${mailProviders[box.provider].label}: ${box.email}` : null;

/** PATCH /organization/{id} { oauth: { type, code, redirect_uri, state } }: redeems the code and keeps the sealed tokens. */
export async function connectMailbox(
  db: Db,
  session: SessionContext,
  id: string,
  input: z.output<typeof oauthConnectSchema>,
  origin: string,
): Promise<void> {
  const provider = providerFor(session, id, input, origin);
  const state = await consumeState(db, session, id, input);
  let granted: Awaited<ReturnType<typeof provider.exchangeCode>>;
  try {
    granted = await provider.exchangeCode({ code: input.code, redirectUri: input.redirect_uri, codeVerifier: state.codeVerifier ?? "" });
  } catch (error) {
    throw badRequest([{ path: "oauth.code", message: error instanceof Error ? error.message : `${provider.label} did not accept the code` }]);
  }
  const credentials = seal(JSON.stringify(granted.credentials));
  const replaced = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(mailbox).where(eq(mailbox.organizationId, id)).for("update");
    const values = {
      provider: input.type,
      email: granted.email.toLowerCase(),
      credentials,
      status: "connected" as const,
      cursor: null,
      lastSyncAt: null,
      lastError: null,
      connectedBy: session.memberId,
      updatedAt: new Date(),
    };
    await tx
      .insert(mailbox)
      .values({ organizationId: id, ...values })
      .onConflictDoUpdate({ target: mailbox.organizationId, set: values });
    await recordHistory(tx, {
      organizationId: id,
      entityType: "organization",
      entityId: id,
      memberId: session.memberId,
      action: "updated",
      changes: { mailbox: [described(before), described(values)] },
    });
    // A mailbox of another account (or provider) is replaced: its grant is let go.
    return before && (before.provider !== values.provider || before.email !== values.email) ? before : null;
  });
  if (replaced) await revokeQuietly(replaced);
  await requestMailboxSync(id);
}

/** PATCH /organization/{id} { oauth: null }: forgets the tokens here, then asks the provider to revoke them. */
export async function disconnectMailbox(db: Db, session: SessionContext, id: string): Promise<void> {
  ownOrganization(session, id);
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(mailbox).where(eq(mailbox.organizationId, id)).returning();
    if (!row) return null;
    await recordHistory(tx, {
      organizationId: id,
      entityType: "organization",
      entityId: id,
      memberId: session.memberId,
      action: "updated",
      changes: { mailbox: [described(row), null] },
    });
    return row;
  });
  if (removed) await revokeQuietly(removed);
}

async function revokeQuietly(row: MailboxRow) {
  try {
    await mailProviders[row.provider].revoke(JSON.parse(unseal(row.credentials)));
  } catch (error) {
    log().error({ err: error }, `[mailbox] revoking the ${row.provider} grant of organization ${row.organizationId} failed`);
  }
}

/** The organization's connected mailbox, if any is connected now. */
export async function connectedMailbox(db: Db, organizationId: string): Promise<MailboxRow | null> {
  const [row] = await db
    .select()
    .from(mailbox)
    .where(and(eq(mailbox.organizationId, organizationId), eq(mailbox.status, "connected")));
  return row ?? null;
}

/** POST /organization/{id}/mailbox/sync: Sync now. */
export async function syncNow(db: Db, session: SessionContext, id: string): Promise<void> {
  ownOrganization(session, id);
  const [row] = await db
    .select({ status: mailbox.status })
    .from(mailbox)
    .where(eq(mailbox.organizationId, id));
  if (!row) throw conflict("errors.mailbox.none");
  if (row.status !== "connected") throw conflict("errors.mailbox.disconnected");
  await requestMailboxSync(id);
}
