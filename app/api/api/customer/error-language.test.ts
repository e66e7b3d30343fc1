import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { GET as getOne } from "@/app/api/api/customer/[id]/route";
import { POST } from "@/app/api/api/customer/route";
import { POST as importCustomers } from "@/app/api/api/customer/import/route";
import { call } from "@/test/api";
import { csvText, importForm } from "@/test/import";
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

  it("words an import's row errors, its refusal and a refused file in the organization's language, or the one asked for", async () => {
    const german = await organizationIn("de-DE");
    const rows = [["Name", "Email"], ["Mia Müller", "mia@example.test"], ["", "kaputt"], ["Jan Berg", "mia@example.test"]];
    const send = (content: string, headers: Record<string, string> = {}, name = "kunden.csv") =>
      call(importCustomers, "POST", "/customer/import", {
        cookie: german.cookie,
        headers,
        body: importForm({ name, content }, { mappings: { name: 0, email: 1 }, matchBy: "email" }),
      });

    const res = await send(csvText(rows));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Import fehlgeschlagen");
    expect(res.body.skipped).toEqual([
      {
        row: 3,
        errors: [
          { column: "Name", value: null, error: "required", message: "Pflichtfeld" },
          { column: "Email", value: "kaputt", error: "invalid", message: "Geben Sie eine gültige E-Mail-Adresse ein" },
        ],
      },
      { row: 4, errors: [{ column: "Email", value: "mia@example.test", error: "invalid", message: "Dieselbe E-Mail-Adresse steht auch in Zeile 2" }] },
    ]);

    const file = await send("Name\n", {}, "kunden.csv");
    expect(file.body.errors).toEqual([{ path: "file", message: "Die Datei konnte nicht gelesen werden: zu wenige Zeilen", type: "not_enough_rows" }]);
    const type = await send("Name\nMia\n", {}, "kunden.pdf");
    expect(type.body.errors).toEqual([{ path: "file", message: "Ungültiger Dateityp „pdf“", type: "invalid_type" }]);

    const french = await send(csvText(rows), { "accept-language": "fr-FR" });
    expect(french.body.message).toBe("Échec de l’import");
    expect(french.body.skipped[1].errors[0].message).toBe("La même adresse e-mail figure aussi à la ligne 2");
  });
});
