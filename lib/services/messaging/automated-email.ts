import "server-only";
import { and, eq } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { organization } from "@/db/schema/organization";
import { translatorFor } from "@/lib/i18n/messages";
import { appOrigin } from "@/lib/server/app-origin";
import { customerUnsubscribeLinks } from "@/lib/server/unsubscribe-token";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Makes an outgoing email to a customer an automated one (a booking
 * confirmation, a reminder, a follow-up nobody wrote by hand): it gets
 * `List-Unsubscribe` with the one-click address and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click` (RFC 8058), so mail clients offer their own
 * unsubscribe button, and a last line, in the customer's language else the
 * organization's, linking the page where the customer turns automated emails off.
 * Either way only that customer's automated emails stop; staff still write to them.
 *
 * Ask `channelConsent` / `isAutomatedEmailAllowed` (consent.ts) before sending:
 * this only labels the email. The headers are sent as written (not folded), as
 * nodemailer's `prepared` headers; the mail goes out through `deliverMail` as any other.
 */
export async function automatedEmail<Mail extends SendMailOptions>(
  db: Db,
  organizationId: string,
  customerId: string,
  mail: Mail,
  origin = appOrigin(),
): Promise<Mail> {
  const [found] = await db
    .select({ language: customer.language, organizationLanguage: organization.language })
    .from(customer)
    .innerJoin(organization, eq(organization.id, customer.organizationId))
    .where(and(eq(customer.organizationId, organizationId), eq(customer.id, customerId)));
  if (!found) throw new Error("An automated email is for a customer of the organization");
  const t = translatorFor(found.language ?? found.organizationLanguage);
  const links = customerUnsubscribeLinks(origin, customerId);
  const line = t("consent.email.footer", { url: links.page });
  const text = typeof mail.text === "string" ? `${mail.text.trimEnd()}\n\n-- \n${line}\n` : mail.text;
  const html =
    typeof mail.html === "string"
      ? `${mail.html}\n<p style="color:#6b6b6b;font-size:12px">${escapeHtml(t("consent.email.footerHtml"))} <a href="${escapeHtml(links.page)}">${escapeHtml(t("consent.email.unsubscribe"))}</a></p>`
      : mail.html;
  const headers = {
    ...(mail.headers && !Array.isArray(mail.headers) ? mail.headers : {}),
    "List-Unsubscribe": { prepared: true, value: `<${links.oneClick}>` },
    "List-Unsubscribe-Post": { prepared: true, value: "List-Unsubscribe=One-Click" },
  };
  return { ...mail, text, html, headers };
}
