import { describe, expect, it } from "vitest";
import { GET as getOne, PATCH } from "@/app/api/api/customer/[id]/route";
import { POST } from "@/app/api/api/customer/route";
import { call } from "@/test/api";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

describe("a customer's preferred language", () => {
  it("is kept when given, follows the organization when unset or cleared, and is one Craftdesk speaks", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const created = await call(POST, "POST", "/customer", { cookie, body: { name: "Famille Martin", language: "fr-FR" } });
    expect(created.status).toBe(201);
    expect(created.body.language).toBe("fr-FR");
    const id = created.body.id as string;
    expect((await call(getOne, "GET", `/customer/${id}`, { cookie, params: { id } })).body.language).toBe("fr-FR");

    const cleared = await call(PATCH, "PATCH", `/customer/${id}`, { cookie, params: { id }, body: { language: "" } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.language).toBeNull();

    const plain = await call(POST, "POST", "/customer", { cookie, body: { name: "Jo Plain" } });
    expect(plain.body.language).toBeNull();

    const refused = await call(PATCH, "PATCH", `/customer/${id}`, { cookie, params: { id }, body: { language: "es-ES" } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "language", message: "Choose a language from the list" }]);
  });
});
