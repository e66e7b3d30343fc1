import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { GET as getOne } from "@/app/api/api/customer/[id]/route";
import { POST } from "@/app/api/api/customer/route";
import { call } from "@/test/api";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

async function organizationIn(language: string) {
  const org = await signUpOrganization(mailbox, "Sanitär Huber");
  await (await getDb()).update(organization).set({ language }).where(eq(organization.id, org.organizationId));
  return org;
}

/** A customer without a name, with a wrong email and an unknown key, refused in the language the request is answered in. */
const refusedCustomer = (cookie: string, headers: Record<string, string> = {}) =>
  call(POST, "POST", "/customer", { cookie, headers, body: { type: "company", email: "nope", colour: "red" } });

const byPath = (errors: { path: string; message: string }[]) => Object.fromEntries(errors.map((e) => [e.path, e.message]));

describe("the language of error answers", () => {
  it("words a validation error in the German organization's language, and in the language the request asks for", async () => {
    const german = await organizationIn("de-DE");
    const res = await refusedCustomer(german.cookie);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Ungültige Eingabe");
    expect(byPath(res.body.errors)).toEqual({
      "": "Unbekanntes Feld: colour",
      name: "Pflichtfeld",
      email: "Geben Sie eine gültige E-Mail-Adresse ein",
      type: "Typ ist individual oder organization",
    });

    // The page's language, sent by the app, is the one that counts: English in the German organization.
    const english = await refusedCustomer(german.cookie, { "accept-language": "en-US" });
    expect(english.body.message).toBe("Invalid input");
    expect(byPath(english.body.errors)).toEqual({
      "": "Unknown field: colour",
      name: "Required",
      email: "Enter a valid email address",
      type: "Type is individual or organization",
    });

    // Only the words differ: status, paths and their order are the same.
    expect(english.status).toBe(res.status);
    expect(english.body.errors.map((e: { path: string }) => e.path)).toEqual(res.body.errors.map((e: { path: string }) => e.path));
  });

  it("answers in German when the request asks for it, whatever the organization's language", async () => {
    const american = await organizationIn("en-US");
    const res = await refusedCustomer(american.cookie, { "accept-language": "de-DE,de;q=0.9" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Ungültige Eingabe");
    expect(byPath(res.body.errors).email).toBe("Geben Sie eine gültige E-Mail-Adresse ein");
    const french = await refusedCustomer(american.cookie, { "accept-language": "fr-FR" });
    expect(byPath(french.body.errors).email).toBe("Saisissez une adresse e-mail valide");
    // A language Craftdesk does not speak falls back to the organization's.
    const italian = await refusedCustomer(american.cookie, { "accept-language": "it-IT" });
    expect(byPath(italian.body.errors).email).toBe("Enter a valid email address");
  });

  it("names the missing resource in the reader's language but keeps the machine fields", async () => {
    const german = await organizationIn("de-DE");
    const id = crypto.randomUUID();
    const res = await call(getOne, "GET", `/customer/${id}`, { cookie: german.cookie, params: { id } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, message: "Kunde nicht gefunden", resource: "Customer" });
    const english = await call(getOne, "GET", `/customer/${id}`, { cookie: german.cookie, params: { id }, headers: { "accept-language": "en-GB" } });
    expect(english.body).toEqual({ status: 404, message: "Customer not found", resource: "Customer" });
  });

  it("keeps the length a message names", async () => {
    const german = await organizationIn("de-DE");
    const res = await call(POST, "POST", "/customer", { cookie: german.cookie, body: { name: "x".repeat(201) } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "name", message: "Höchstens 200 Zeichen" }]);
  });
});
