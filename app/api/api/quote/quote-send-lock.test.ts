import { afterAll, describe, expect, it, vi } from "vitest";
import { POST as send } from "@/app/api/api/quote/[id]/send/route";
import { POST } from "@/app/api/api/quote/route";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { call, uniqueEmail } from "@/test/api";
import { makeCustomer } from "@/test/conversations";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

/**
 * A quote's PDF is rendered after its send has committed: while one send's PDF renders,
 * another send of the same organization takes its number and completes. The first
 * rendering is held until the second send has answered; were it rendered inside the
 * sending transaction (holding the number's counter row), the second would never answer.
 */
const rendering = vi.hoisted(() => {
  let release: () => void = () => {};
  let started: () => void = () => {};
  const held = { gate: null as Promise<void> | null, started: null as Promise<void> | null };
  return {
    hold() {
      held.gate = new Promise((resolve) => (release = resolve));
      held.started = new Promise((resolve) => (started = resolve));
    },
    release: () => release(),
    started: () => held.started!,
    async pass() {
      const gate = held.gate;
      held.gate = null;
      if (gate) {
        started();
        await gate;
      }
    },
  };
});

vi.mock("@/lib/documents/quote-pdf", async (original) => {
  const actual = await original<typeof import("@/lib/documents/quote-pdf")>();
  return {
    ...actual,
    renderQuotePdf: async (...args: Parameters<typeof actual.renderQuotePdf>) => {
      await rendering.pass();
      return actual.renderQuotePdf(...args);
    },
  };
});

const mailbox = useSmtpCatcher();
afterAll(() => deliveriesSettled());

const LINES = { name: "Standard", sections: [{ title: "Work", lines: [{ name: "Repair", unit: "hour", unit_price: 8000, quantity: 1 }] }] };

describe("sending quotes while another send's PDF renders", () => {
  it("does not wait on the other send's rendering", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const customer = await makeCustomer(cookie, { name: "Lock Lee", email: uniqueEmail("lock") });
    const drafts = [];
    for (const title of ["First", "Second"]) {
      const res = await call(POST, "POST", "/quote", { cookie, body: { customer: customer.id, title, options: [LINES] } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      drafts.push(res.body.id as string);
    }
    const sendOne = (id: string) => call(send, "POST", `/quote/${id}/send`, { cookie, params: { id }, body: { channel: "email" } });

    rendering.hold();
    const first = sendOne(drafts[0]);
    await rendering.started();
    // The first send's PDF is rendering and held: the second completes all the same.
    const second = await sendOne(drafts[1]);
    rendering.release();
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const year = new Date().getUTCFullYear();
    expect(second.body.number).toBe(`Q-${year}-0002`);
    const done = await first;
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.number).toBe(`Q-${year}-0001`);
  });
});
