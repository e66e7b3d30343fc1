import { afterEach, describe, expect, it } from "vitest";
import { GET as getIntegrations } from "@/app/api/api/organization/[id]/integrations/route";
import { call, ORIGIN } from "@/test/api";
import { permission } from "@/test/answers";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { inboundAddress } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { useStripeEnv } from "@/test/stripe";
import { TWILIO, useTwilioEnv } from "@/test/twilio";

const mailbox = useSmtpCatcher();

/** Sets (or, with undefined, removes) the given variables until the test ends. */
const restores: (() => void)[] = [];
function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}
function useEnv(values: Record<string, string | undefined>) {
  const kept = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  setEnv(values);
  restores.push(() => setEnv(kept));
}
afterEach(() => {
  while (restores.length) restores.pop()!();
});

const get = (cookie: string, id: string) => call(getIntegrations, "GET", `/organization/${id}/integrations`, { cookie, params: { id } });

describe("GET /organization/{id}/integrations", () => {
  it("says a provider without credentials is not configured, and gives no Twilio addresses without Twilio", async () => {
    useEnv({ TWILIO_ACCOUNT_SID: undefined, GOOGLE_CLIENT_ID: "google-client", GOOGLE_CLIENT_SECRET: " ", MICROSOFT_CLIENT_ID: "ms-client", MICROSOFT_CLIENT_SECRET: "ms-secret" });
    restores.push(useStripeEnv(null));
    const owner = await signUpOrganization(mailbox);
    const res = await get(owner.cookie, owner.organizationId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      // A blank secret is no secret: Google needs both halves.
      mailbox: { google: { configured: false }, microsoft: { configured: true } },
      reply_domain: null,
      sms: { provider: null, from: null, inbound_url: null, status_url: null },
      // Without Stripe's keys the webhook address is still given, to set up before the keys.
      payments: { provider: null, webhook_url: `${ORIGIN}/api/api/webhook/stripe` },
    });
  });

  it("gives Twilio's number, this organization's inbound texts address and the status address, and Stripe's webhook address", async () => {
    useEnv({ GOOGLE_CLIENT_ID: "google-client", GOOGLE_CLIENT_SECRET: "google-secret", MICROSOFT_CLIENT_ID: undefined });
    restores.push(useTwilioEnv(), useStripeEnv());
    const owner = await signUpOrganization(mailbox);
    const { token } = await inboundAddress(owner.cookie, owner.organizationId);
    const res = await get(owner.cookie, owner.organizationId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      mailbox: { google: { configured: true }, microsoft: { configured: false } },
      reply_domain: null,
      sms: {
        provider: "twilio",
        from: TWILIO.from,
        inbound_url: `${ORIGIN}/api/api/inbound/sms/twilio/${token}`,
        status_url: `${ORIGIN}/api/api/inbound/sms/twilio/status`,
      },
      // Whether Stripe is configured, never its keys.
      payments: { provider: "stripe", webhook_url: `${ORIGIN}/api/api/webhook/stripe` },
    });
    expect(JSON.stringify(res.body)).not.toContain("sk_test");
    expect(JSON.stringify(res.body)).not.toContain("whsec_");
  });

  it("is for admins only", async () => {
    const owner = await signUpOrganization(mailbox);
    const staff = await addMember(owner.organizationId, { privileges: ["customers_manage"] });
    const res = await get(await logInAs(staff.email), owner.organizationId);
    expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: permission("admin") });
  });
});
