import { describe, expect, it } from "vitest";
import { startCheckout } from "./pay-button";

const answering = (status: number, body: unknown, seen: Request[] = []) =>
  (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Request(new URL(String(input), "http://localhost"), init));
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  }) as typeof fetch;

describe("the Pay button", () => {
  it("posts to the invoice's checkout and answers the Stripe Checkout url to go to", async () => {
    const seen: Request[] = [];
    const answer = await startCheckout("tok", "de-DE", answering(201, { url: "https://checkout.stripe.com/c/pay/cs_1" }, seen));
    expect(answer).toEqual({ url: "https://checkout.stripe.com/c/pay/cs_1" });
    expect(seen[0].method).toBe("POST");
    expect(new URL(seen[0].url).pathname).toBe("/api/api/public/invoice/tok/checkout");
    expect(seen[0].headers.get("content-type")).toBe("application/json");
    expect(seen[0].headers.get("accept-language")).toBe("de-DE");
  });

  it("says why when the payment cannot start, and never follows anything but an http(s) url", async () => {
    expect(await startCheckout("tok", "en-US", answering(409, { status: 409, message: "Conflict", details: "This invoice is paid" }))).toEqual({ error: "This invoice is paid" });
    expect(await startCheckout("tok", "en-US", answering(201, { url: "javascript:alert(1)" }))).toEqual({ error: null });
    const failing = (async () => {
      throw new TypeError("offline");
    }) as typeof fetch;
    expect(await startCheckout("tok", "en-US", failing)).toEqual({ error: null });
  });
});
