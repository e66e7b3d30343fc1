import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { member } from "@/db/schema/member";
import { PATCH as patchMember } from "@/app/api/api/member/[id]/route";
import { POST as postMember } from "@/app/api/api/member/route";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { POST as login } from "@/app/api/api/session/route";
import { call } from "@/test/api";
import { PASSWORD, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

// "É" typed as E + combining acute accent, as some keyboards and pasted text send it.
const DECOMPOSED_E = "E\u0301";

describe("emails and names in one form", () => {
  it("stores emails lower-cased in NFC and names in NFC; login finds the member however the email is typed", async () => {
    const org = await signUpOrganization(mailbox);
    const tag = crypto.randomUUID().slice(0, 8);
    const typed = `${DECOMPOSED_E}MILE-${tag}@Example.TEST`;
    const stored = `émile-${tag}@example.test`;
    expect(stored).toBe(stored.normalize("NFC"));
    const made = await call(postMember, "POST", "/member", {
      cookie: org.cookie,
      body: { name: `  Chlo${"e\u0301"} ${DECOMPOSED_E}mile `, email: typed, role: org.view.member.role },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ email: stored, name: "Chloé Émile" });

    const db = await getDb();
    const [row] = await db.select().from(member).where(eq(member.id, made.body.id));
    expect(row.email).toBe(stored);
    expect(row.name).toBe("Chloé Émile".normalize("NFC"));
    expect(row.name).not.toContain("\u0301");

    const id = made.body.id as string;
    expect((await call(patchMember, "PATCH", `/member/${id}`, { cookie: org.cookie, params: { id }, body: { password: PASSWORD } })).status).toBe(200);
    for (const email of [typed, `ÉMILE-${tag}@EXAMPLE.test`, stored, ` ${stored.toUpperCase()} `]) {
      const res = await call(login, "POST", "/session", { body: { email, password: PASSWORD } });
      expect(res.status, email).toBe(200);
      expect(res.body.member.id).toBe(id);
    }

    // The same address in the other spelling is the same member: a second one is refused.
    const again = await call(postMember, "POST", "/member", {
      cookie: org.cookie,
      body: { name: "Copy", email: `ÉMILE-${tag}@example.test`, role: org.view.member.role },
    });
    expect(again.status).toBe(409);
  });

  it("normalizes customer emails and names the same way", async () => {
    const org = await signUpOrganization(mailbox);
    const tag = crypto.randomUUID().slice(0, 8);
    const res = await call(postCustomer, "POST", "/customer", {
      cookie: org.cookie,
      body: { type: "individual", name: `${DECOMPOSED_E}lise ${tag}`, email: `${DECOMPOSED_E}LISE@Example.TEST` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const db = await getDb();
    const [row] = await db.select().from(customer).where(eq(customer.id, res.body.id));
    expect(row.email).toBe("élise@example.test");
    expect(row.name).toBe(`Élise ${tag}`);
  });
});
