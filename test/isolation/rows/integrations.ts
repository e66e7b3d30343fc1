import { expect } from "vitest";
import { GET as getIntegrations } from "@/app/api/api/organization/[id]/integrations/route";
import { POST as syncMailbox } from "@/app/api/api/organization/[id]/mailbox/sync/route";
import { POST as startOauth } from "@/app/api/api/organization/[id]/oauth/route";
import { call, ORIGIN } from "@/test/api";
import { notFound, permission, UNAUTHORIZED } from "@/test/answers";
import { lacking, refusedRead, refusedWrite, type Row } from "@/test/isolation/cases";
import type { World } from "@/test/isolation/world";
import { inboundAddress } from "@/test/inbound";
import { useTwilioEnv } from "@/test/twilio";

const get = (cookie: string | undefined, id: string) =>
  call(getIntegrations, "GET", `/organization/${id}/integrations`, { cookie, params: { id } });

const START = { type: "microsoft", redirect_uri: `${ORIGIN}/organization/integrations` };

const start = (cookie: string | undefined, id: string) =>
  call(startOauth, "POST", `/organization/${id}/oauth`, { cookie, params: { id }, body: START });
const sync = (cookie: string | undefined, id: string) =>
  call(syncMailbox, "POST", `/organization/${id}/mailbox/sync`, { cookie, params: { id }, body: {} });

/** Both act on the organization's mailbox: admins of that organization only, whatever location they work at. */
function adminOnly(route: string, request: (cookie: string | undefined, id: string) => ReturnType<typeof call>): Row {
  return {
    method: "POST",
    route,
    cases: {
      "no session": async (w: World) => refusedWrite(w, "anonymous", UNAUTHORIZED, () => request(undefined, w.a.organizationId)),
      "other organization": async (w: World) => {
        await refusedWrite(w, "outsider on A's", notFound("Organization"), () => request(w.outsider.cookie, w.a.organizationId));
        for (const actor of w.actors.filter((a) => a.privileges.includes("admin"))) {
          await refusedWrite(w, `${actor.key} on B's`, notFound("Organization"), () => request(actor.cookie, w.b.organizationId));
        }
      },
      "location cannot see": "the organization is visible from each of its locations; only the admin privilege decides",
      "view-only": "the organization has no sharing level; only the admin privilege decides",
      "missing privilege": async (w: World) => {
        for (const actor of lacking(w, "admin")) {
          await refusedWrite(w, actor.key, permission("admin"), () => request(actor.cookie, w.a.organizationId));
        }
      },
    },
  };
}

/** What the server can connect, and Twilio's addresses: the inbound one carries the organization's secret token. */
export const integrationsRows: Row[] = [
  {
    method: "GET",
    route: "/organization/[id]/integrations",
    cases: {
      "no session": async (w) => refusedRead("anonymous", UNAUTHORIZED, () => get(undefined, w.a.organizationId)),
      "other organization": async (w) => {
        const restore = useTwilioEnv();
        try {
          await refusedRead("outsider reads A's", notFound("Organization"), () => get(w.outsider.cookie, w.a.organizationId));
          for (const actor of w.actors.filter((a) => a.privileges.includes("admin"))) {
            await refusedRead(`${actor.key} reads B's`, notFound("Organization"), () => get(actor.cookie, w.b.organizationId));
          }
          // Each admin's answer carries its own organization's token, never the other's.
          const { token: aToken } = await inboundAddress(w.a.cookie, w.a.organizationId);
          const own = await get(w.outsider.cookie, w.b.organizationId);
          expect(own.status).toBe(200);
          expect(own.body.sms.inbound_url).not.toContain(aToken);
        } finally {
          restore();
        }
      },
      "location cannot see": "the organization is visible from each of its locations; only the admin privilege decides",
      "view-only": "the organization has no sharing level; only the admin privilege decides",
      "missing privilege": async (w) => {
        for (const actor of lacking(w, "admin")) {
          await refusedRead(actor.key, permission("admin"), () => get(actor.cookie, w.a.organizationId));
        }
      },
    },
  },
  adminOnly("/organization/[id]/oauth", start),
  adminOnly("/organization/[id]/mailbox/sync", sync),
];
