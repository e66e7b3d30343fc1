import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as readInvitation } from "@/app/api/api/invitation/[token]/route";
import { GET as getCustomers } from "@/app/api/api/customer/route";
import { GET as getSession, POST as logIn } from "@/app/api/api/session/route";
import { GET as health } from "@/app/api/api/health/route";
import { POST as unsubscribe } from "@/app/api/api/unsubscribe/[token]/route";
import { call } from "@/test/api";
import { PASSWORD, signUpOrganization } from "@/test/fixtures";
import { captureLog } from "@/test/log-capture";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

async function logged<T>(request: () => Promise<T>) {
  const log = captureLog();
  try {
    return { res: await request(), ...log };
  } finally {
    log.restore();
  }
}

describe("request log", () => {
  it("writes one line per request: its id, method, path, status, duration and member", async () => {
    const { email } = await signUpOrganization(mailbox);
    const session = await call(logIn, "POST", "/session", { body: { email, password: PASSWORD } });
    const { res, lines } = await logged(() =>
      call(getCustomers, "GET", "/customer", { cookie: session.cookie, query: { search: "secret-search" } }),
    );
    expect(res.status).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ level: 30, msg: "request", method: "GET", path: "/api/api/customer", query: ["search"], status: 200 });
    expect(line.memberId).toBe(session.body.member.id);
    expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-request-id")).toBe(line.requestId);
    expect(typeof line.ms).toBe("number");
    expect(JSON.stringify(line)).not.toContain("secret-search");
  });

  it("keeps a sane incoming X-Request-Id and replaces anything else", async () => {
    const kept = await logged(() => call(health, "GET", "/health", { headers: { "X-Request-Id": "lb-4f2a9c1e.77" } }));
    expect(kept.res.headers.get("x-request-id")).toBe("lb-4f2a9c1e.77");
    expect(kept.lines[0]).toMatchObject({ requestId: "lb-4f2a9c1e.77", status: 200 });
    expect(kept.lines[0].memberId).toBeUndefined();
    const forged = await logged(() => call(health, "GET", "/health", { headers: { "X-Request-Id": 'x"} {"level":60' } }));
    expect(forged.lines[0].requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(forged.res.headers.get("x-request-id")).toBe(forged.lines[0].requestId);
  });

  it("logs a login without its password or cookie, and a token path by name", async () => {
    const { email } = await signUpOrganization(mailbox);
    const login = await logged(() => call(logIn, "POST", "/session", { body: { email, password: PASSWORD } }));
    expect(login.res.status).toBe(200);
    const cookie = login.res.cookie!;
    const next = await logged(() => call(getSession, "GET", "/session", { cookie }));
    for (const text of [...login.raw, ...next.raw]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(cookie.split("=")[1]);
    }
    expect(login.lines).toEqual([expect.objectContaining({ method: "POST", path: "/api/api/session", status: 200 })]);
    const token = "AbCdEf0123456789AbCdEf0123456789";
    const link = await logged(() => call(unsubscribe, "POST", `/unsubscribe/${token}`, { params: { token }, body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } }));
    expect(link.raw.join("")).not.toContain(token);
    expect(link.lines[0]?.path).toBe("/api/api/unsubscribe/[token]");

    // An invitation link is logged by name too; a token no URL can spell is answered, not thrown on.
    const invitation = crypto.randomBytes(32).toString("hex");
    const opened = await logged(() => call(readInvitation, "GET", `/invitation/${invitation}`, { params: { token: invitation } }));
    expect(opened.res.status).toBe(404);
    expect(opened.raw.join("")).not.toContain(invitation);
    expect(opened.lines[0]?.path).toBe("/api/api/invitation/[token]");
    const unspellable = await logged(() => call(readInvitation, "GET", "/invitation/x", { params: { token: "\ud800abcdefghijklmnop" } }));
    expect(unspellable.res.status).toBe(404);
    expect(unspellable.lines).toHaveLength(1);
  });
});
