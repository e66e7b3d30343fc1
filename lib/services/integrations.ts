import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import type { IntegrationsView } from "@/lib/schemas/integrations";
import { notFound } from "@/lib/server/errors";
import type { SessionContext } from "@/lib/server/session";
import { inboundDomainConfig } from "@/lib/services/messaging/reply-address";
import { TWILIO_STATUS_PATH, twilioConfig, twilioInboundPath } from "@/lib/services/messaging/twilio-api";
import { STRIPE_WEBHOOK_PATH, stripeConfigured } from "@/lib/server/stripe";
import { mailProviders } from "./messaging/mailbox/providers";

/**
 * What admins may connect on this server and the addresses to give Twilio and Stripe.
 * `origin` is the app's public origin (APP_URL or the request's).
 */
export async function getIntegrations(db: Db, session: SessionContext, id: string, origin: string): Promise<IntegrationsView> {
  const [row] = await db
    .select({ inboundToken: organization.inboundToken })
    .from(organization)
    .where(and(eq(organization.id, id), eq(organization.id, session.organizationId)));
  if (!row) throw notFound("Organization");
  const twilio = twilioConfig();
  return {
    mailbox: {
      google: { configured: mailProviders.google.configured() },
      microsoft: { configured: mailProviders.microsoft.configured() },
    },
    reply_domain: inboundDomainConfig()?.domain ?? null,
    // The webhook addresses only matter to an account that can be given them.
    sms: twilio
      ? {
          provider: "twilio",
          from: twilio.from,
          inbound_url: `${origin}${twilioInboundPath(row.inboundToken)}`,
          status_url: `${origin}${TWILIO_STATUS_PATH}`,
        }
      : { provider: null, from: null, inbound_url: null, status_url: null },
    payments: { provider: stripeConfigured() ? "stripe" : null, webhook_url: `${origin}${STRIPE_WEBHOOK_PATH}` },
  };
}
