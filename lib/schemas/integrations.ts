/** GET /organization/{id}/integrations: what this server is configured to connect, and where Twilio posts. */
export type IntegrationsView = {
  mailbox: { google: { configured: boolean }; microsoft: { configured: boolean } };
  /** INBOUND_EMAIL_DOMAIN, when the server gives emails sent over SMTP a reply address there; null otherwise. */
  reply_domain: string | null;
  sms: {
    provider: "twilio" | null;
    /** The number texts are sent from. */
    from: string | null;
    /** Where Twilio posts this organization's inbound texts; its token is a secret, as the inbound email address's. */
    inbound_url: string | null;
    /** Where Twilio posts delivery statuses. */
    status_url: string | null;
  };
  /** Card payments of invoices through Stripe Checkout: whether the server has its keys (never shown), and where Stripe posts its events. */
  payments: { provider: "stripe" | null; webhook_url: string };
};
