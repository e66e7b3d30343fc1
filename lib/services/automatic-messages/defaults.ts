import "server-only";
import type { AppLocale } from "@/lib/i18n/locales";
import type { AutomaticTrigger, TemplateField } from "@/lib/schemas/automatic-message-triggers";

/*
 * The texts an organization's automatic messages have until it writes its own, in
 * each language: kept here rather than stored, so every organization, old or new,
 * has them, and an improvement reaches everyone who did not change a text.
 *
 * Text messages keep to the GSM alphabet where the language allows (no typographic
 * apostrophes, no ç or ê in French), so one costs one part, not two or three. Every
 * optional value sits in a section, so a visit without a phone number or
 * technician still reads well.
 */

export type Texts = Record<TemplateField, string>;
type Language = "en" | "de" | "fr";

const EN: Record<AutomaticTrigger, Texts> = {
  booked: {
    email_subject: "Your visit on {{visit.date}} is booked",
    email_body: `Hello {{contact.name}},

Your visit is booked for {{visit.when}}.

{{#site.address}}Address: {{site.address}}
{{/site.address}}{{#technician.first_name}}Your technician: {{technician.first_name}}
{{/technician.first_name}}
If this time does not suit you, please call us{{#organization.phone}} on {{organization.phone}}{{/organization.phone}} or reply to this email.

Kind regards,
{{organization.name}}`,
    sms: "{{organization.name}}: your visit{{#site.address}} at {{site.address}}{{/site.address}} is booked for {{visit.when}}.{{#organization.phone}} Questions? Call {{organization.phone}}.{{/organization.phone}}",
  },
  rescheduled: {
    email_subject: "Your visit has changed: {{visit.date}}",
    email_body: `Hello {{contact.name}},

We have changed your visit. It is now {{visit.when}}.

{{#site.address}}Address: {{site.address}}
{{/site.address}}{{#technician.first_name}}Your technician: {{technician.first_name}}
{{/technician.first_name}}
If this time does not suit you, please call us{{#organization.phone}} on {{organization.phone}}{{/organization.phone}} or reply to this email.

Kind regards,
{{organization.name}}`,
    sms: "{{organization.name}}: your visit has changed. It is now {{visit.when}}{{#technician.first_name}} with {{technician.first_name}}{{/technician.first_name}}.{{#organization.phone}} Questions? Call {{organization.phone}}.{{/organization.phone}}",
  },
  cancelled: {
    email_subject: "Your visit on {{visit.date}} is cancelled",
    email_body: `Hello {{contact.name}},

Your visit on {{visit.date}} has been cancelled.

To book a new time, please call us{{#organization.phone}} on {{organization.phone}}{{/organization.phone}} or reply to this email.

Kind regards,
{{organization.name}}`,
    sms: "{{organization.name}}: your visit on {{visit.date}} has been cancelled.{{#organization.phone}} To book a new time, call {{organization.phone}}.{{/organization.phone}}",
  },
  reminder: {
    email_subject: "Reminder: your visit on {{visit.date}}",
    email_body: `Hello {{contact.name}},

This is a reminder of your visit on {{visit.when}}.

{{#site.address}}Address: {{site.address}}
{{/site.address}}{{#technician.first_name}}Your technician: {{technician.first_name}}
{{/technician.first_name}}
If you need to change it, please call us{{#organization.phone}} on {{organization.phone}}{{/organization.phone}} or reply to this email.

Kind regards,
{{organization.name}}`,
    sms: "{{organization.name}}: a reminder of your visit on {{visit.when}}.{{#organization.phone}} Need to change it? Call {{organization.phone}}.{{/organization.phone}}",
  },
  on_my_way: {
    email_subject: "{{#technician.first_name}}{{technician.first_name}} from {{/technician.first_name}}{{organization.name}} is on the way",
    email_body: `Hello {{contact.name}},

{{#technician.first_name}}{{technician.first_name}} from {{/technician.first_name}}{{organization.name}} is on the way to you{{#visit.eta}} and should arrive in about {{visit.eta}} minutes{{/visit.eta}}.

Kind regards,
{{organization.name}}`,
    sms: "{{organization.name}}: {{#technician.first_name}}{{technician.first_name}} is{{/technician.first_name}}{{^technician.first_name}}we are{{/technician.first_name}} on the way{{#visit.eta}} and should arrive in about {{visit.eta}} minutes{{/visit.eta}}.",
  },
  completed: {
    email_subject: "Thank you from {{organization.name}}",
    email_body: `Hello {{contact.name}},

Thank you for having us on {{visit.date}}. We hope you are happy with our work.

{{#links.review}}We would be glad if you shared your experience: {{links.review}}

{{/links.review}}If anything is not right, please call us{{#organization.phone}} on {{organization.phone}}{{/organization.phone}} or reply to this email.

Kind regards,
{{organization.name}}`,
    sms: "{{organization.name}}: thank you for having us today.{{#links.review}} We would be glad of a review: {{links.review}}{{/links.review}}",
  },
  quote_follow_up: {
    email_subject: "Your quote {{quote.number}}{{#quote.title}}: {{quote.title}}{{/quote.title}}",
    email_body: `Hello {{contact.name}},

A few days ago we sent you our quote {{quote.number}}{{#quote.title}} for {{quote.title}}{{/quote.title}}. In case it got lost, here it is again:

{{quote.link}}

{{#quote.valid_until}}It is valid until {{quote.valid_until}}. {{/quote.valid_until}}On that page you can approve it, decline it or ask us for changes. If you have any questions, please call us{{#organization.phone}} on {{organization.phone}}{{/organization.phone}} or reply to this email.

Kind regards,
{{organization.name}}`,
    sms: "{{organization.name}}: a reminder of our quote {{quote.number}}. You can view and approve it here: {{quote.link}}",
  },
  invoice_reminder: {
    email_subject: "Invoice {{invoice.number}} is due on {{invoice.due_date}}",
    email_body: `Hello {{contact.name}},

A friendly reminder that our invoice {{invoice.number}} of {{invoice.amount_due}} is due on {{invoice.due_date}}.

You can view and pay it here:

{{invoice.link}}

If you have already paid, thank you, and please disregard this message. If you have any questions, please call us{{#organization.phone}} on {{organization.phone}}{{/organization.phone}} or reply to this email.

Kind regards,
{{organization.name}}`,
    sms: "{{organization.name}}: invoice {{invoice.number}} is due on {{invoice.due_date}}. Pay here: {{invoice.link}}",
  },
  invoice_overdue: {
    email_subject: "Overdue: invoice {{invoice.number}}",
    email_body: `Hello {{contact.name}},

Our invoice {{invoice.number}} was due on {{invoice.due_date}}, and {{invoice.amount_due}} is still outstanding.

Please pay it at your earliest convenience here:

{{invoice.link}}

If you have already paid, thank you, and please disregard this message. If something is not right, please call us{{#organization.phone}} on {{organization.phone}}{{/organization.phone}} or reply to this email.

Kind regards,
{{organization.name}}`,
    sms: "{{organization.name}}: invoice {{invoice.number}} is overdue, {{invoice.amount_due}} left to pay: {{invoice.link}}",
  },
};

const DE: Record<AutomaticTrigger, Texts> = {
  booked: {
    email_subject: "Ihr Termin am {{visit.date}} ist gebucht",
    email_body: `Guten Tag {{contact.name}},

Ihr Termin ist gebucht: {{visit.when}}.

{{#site.address}}Adresse: {{site.address}}
{{/site.address}}{{#technician.first_name}}Es kommt: {{technician.first_name}}
{{/technician.first_name}}
Passt Ihnen der Termin nicht, rufen Sie uns bitte an{{#organization.phone}} unter {{organization.phone}}{{/organization.phone}} oder antworten Sie auf diese E-Mail.

Mit freundlichen Grüßen
{{organization.name}}`,
    sms: "{{organization.name}}: Ihr Termin{{#site.address}} ({{site.address}}){{/site.address}} ist gebucht: {{visit.when}}.{{#organization.phone}} Fragen? Rufen Sie uns an: {{organization.phone}}{{/organization.phone}}",
  },
  rescheduled: {
    email_subject: "Ihr Termin wurde geändert: {{visit.date}}",
    email_body: `Guten Tag {{contact.name}},

wir haben Ihren Termin geändert. Neuer Termin: {{visit.when}}.

{{#site.address}}Adresse: {{site.address}}
{{/site.address}}{{#technician.first_name}}Es kommt: {{technician.first_name}}
{{/technician.first_name}}
Passt Ihnen der Termin nicht, rufen Sie uns bitte an{{#organization.phone}} unter {{organization.phone}}{{/organization.phone}} oder antworten Sie auf diese E-Mail.

Mit freundlichen Grüßen
{{organization.name}}`,
    sms: "{{organization.name}}: Ihr Termin wurde geändert. Neuer Termin: {{visit.when}}{{#technician.first_name}}, es kommt {{technician.first_name}}{{/technician.first_name}}.{{#organization.phone}} Fragen? Rufen Sie uns an: {{organization.phone}}{{/organization.phone}}",
  },
  cancelled: {
    email_subject: "Ihr Termin am {{visit.date}} wurde abgesagt",
    email_body: `Guten Tag {{contact.name}},

Ihr Termin am {{visit.date}} wurde abgesagt.

Für einen neuen Termin rufen Sie uns bitte an{{#organization.phone}} unter {{organization.phone}}{{/organization.phone}} oder antworten Sie auf diese E-Mail.

Mit freundlichen Grüßen
{{organization.name}}`,
    sms: "{{organization.name}}: Ihr Termin am {{visit.date}} wurde abgesagt.{{#organization.phone}} Für einen neuen Termin rufen Sie uns an: {{organization.phone}}{{/organization.phone}}",
  },
  reminder: {
    email_subject: "Erinnerung: Ihr Termin am {{visit.date}}",
    email_body: `Guten Tag {{contact.name}},

wir erinnern Sie an Ihren Termin: {{visit.when}}.

{{#site.address}}Adresse: {{site.address}}
{{/site.address}}{{#technician.first_name}}Es kommt: {{technician.first_name}}
{{/technician.first_name}}
Müssen Sie den Termin verschieben, rufen Sie uns bitte an{{#organization.phone}} unter {{organization.phone}}{{/organization.phone}} oder antworten Sie auf diese E-Mail.

Mit freundlichen Grüßen
{{organization.name}}`,
    sms: "{{organization.name}}: Erinnerung an Ihren Termin: {{visit.when}}.{{#organization.phone}} Verschieben? Rufen Sie uns an: {{organization.phone}}{{/organization.phone}}",
  },
  on_my_way: {
    email_subject: "{{#technician.first_name}}{{technician.first_name}} von {{/technician.first_name}}{{organization.name}} ist unterwegs zu Ihnen",
    email_body: `Guten Tag {{contact.name}},

{{#technician.first_name}}{{technician.first_name}} von {{/technician.first_name}}{{organization.name}} ist unterwegs zu Ihnen{{#visit.eta}} und in etwa {{visit.eta}} Minuten bei Ihnen{{/visit.eta}}.

Mit freundlichen Grüßen
{{organization.name}}`,
    sms: "{{organization.name}}: {{#technician.first_name}}{{technician.first_name}} ist{{/technician.first_name}}{{^technician.first_name}}Wir sind{{/technician.first_name}} unterwegs zu Ihnen{{#visit.eta}} und in etwa {{visit.eta}} Minuten da{{/visit.eta}}.",
  },
  completed: {
    email_subject: "Vielen Dank von {{organization.name}}",
    email_body: `Guten Tag {{contact.name}},

vielen Dank für Ihren Auftrag. Wir hoffen, Sie sind mit unserer Arbeit zufrieden.

{{#links.review}}Über eine Bewertung würden wir uns sehr freuen: {{links.review}}

{{/links.review}}Ist etwas nicht in Ordnung, rufen Sie uns bitte an{{#organization.phone}} unter {{organization.phone}}{{/organization.phone}} oder antworten Sie auf diese E-Mail.

Mit freundlichen Grüßen
{{organization.name}}`,
    sms: "{{organization.name}}: Vielen Dank für Ihren Auftrag!{{#links.review}} Über eine Bewertung freuen wir uns: {{links.review}}{{/links.review}}",
  },
  quote_follow_up: {
    email_subject: "Ihr Angebot {{quote.number}}{{#quote.title}}: {{quote.title}}{{/quote.title}}",
    email_body: `Guten Tag {{contact.name}},

vor einigen Tagen haben wir Ihnen unser Angebot {{quote.number}}{{#quote.title}} für {{quote.title}}{{/quote.title}} geschickt. Falls es untergegangen ist, finden Sie es hier:

{{quote.link}}

{{#quote.valid_until}}Es gilt bis zum {{quote.valid_until}}. {{/quote.valid_until}}Dort können Sie es annehmen, ablehnen oder Änderungen erbitten. Bei Fragen rufen Sie uns bitte an{{#organization.phone}} unter {{organization.phone}}{{/organization.phone}} oder antworten Sie auf diese E-Mail.

Mit freundlichen Grüßen
{{organization.name}}`,
    sms: "{{organization.name}}: Erinnerung an unser Angebot {{quote.number}}. Hier können Sie es ansehen und annehmen: {{quote.link}}",
  },
  invoice_reminder: {
    email_subject: "Rechnung {{invoice.number}} ist am {{invoice.due_date}} fällig",
    email_body: `Guten Tag {{contact.name}},

wir möchten Sie freundlich daran erinnern, dass unsere Rechnung {{invoice.number}} über {{invoice.amount_due}} am {{invoice.due_date}} fällig ist.

Hier können Sie sie ansehen und bezahlen:

{{invoice.link}}

Haben Sie bereits bezahlt, danken wir Ihnen; diese Nachricht ist dann gegenstandslos. Bei Fragen rufen Sie uns bitte an{{#organization.phone}} unter {{organization.phone}}{{/organization.phone}} oder antworten Sie auf diese E-Mail.

Mit freundlichen Grüßen
{{organization.name}}`,
    sms: "{{organization.name}}: Rechnung {{invoice.number}} ist am {{invoice.due_date}} fällig. Bezahlen: {{invoice.link}}",
  },
  invoice_overdue: {
    email_subject: "Zahlungserinnerung: Rechnung {{invoice.number}}",
    email_body: `Guten Tag {{contact.name}},

unsere Rechnung {{invoice.number}} war am {{invoice.due_date}} fällig; offen sind noch {{invoice.amount_due}}.

Bitte begleichen Sie den Betrag baldmöglichst hier:

{{invoice.link}}

Haben Sie bereits bezahlt, danken wir Ihnen; diese Nachricht ist dann gegenstandslos. Ist etwas nicht in Ordnung, rufen Sie uns bitte an{{#organization.phone}} unter {{organization.phone}}{{/organization.phone}} oder antworten Sie auf diese E-Mail.

Mit freundlichen Grüßen
{{organization.name}}`,
    sms: "{{organization.name}}: Rechnung {{invoice.number}} ist überfällig, offen: {{invoice.amount_due}}. Bezahlen: {{invoice.link}}",
  },
};

const FR: Record<AutomaticTrigger, Texts> = {
  booked: {
    email_subject: "Votre rendez-vous du {{visit.date}} est confirmé",
    email_body: `Bonjour {{contact.name}},

Votre rendez-vous est confirmé : {{visit.when}}.

{{#site.address}}Adresse : {{site.address}}
{{/site.address}}{{#technician.first_name}}Intervenant : {{technician.first_name}}
{{/technician.first_name}}
Si cet horaire ne vous convient pas, appelez-nous{{#organization.phone}} au {{organization.phone}}{{/organization.phone}} ou répondez à cet e-mail.

Cordialement,
{{organization.name}}`,
    sms: "{{organization.name}} : votre rendez-vous est confirmé : {{visit.when}}{{#site.address}}, {{site.address}}{{/site.address}}.{{#organization.phone}} Questions ? Appelez le {{organization.phone}}.{{/organization.phone}}",
  },
  rescheduled: {
    email_subject: "Votre rendez-vous a changé : {{visit.date}}",
    email_body: `Bonjour {{contact.name}},

Nous avons modifié votre rendez-vous. Nouvel horaire : {{visit.when}}.

{{#site.address}}Adresse : {{site.address}}
{{/site.address}}{{#technician.first_name}}Intervenant : {{technician.first_name}}
{{/technician.first_name}}
Si cet horaire ne vous convient pas, appelez-nous{{#organization.phone}} au {{organization.phone}}{{/organization.phone}} ou répondez à cet e-mail.

Cordialement,
{{organization.name}}`,
    sms: "{{organization.name}} : votre rendez-vous a été modifié. Nouvel horaire : {{visit.when}}{{#technician.first_name}}, avec {{technician.first_name}}{{/technician.first_name}}.{{#organization.phone}} Questions ? Appelez le {{organization.phone}}.{{/organization.phone}}",
  },
  cancelled: {
    email_subject: "Votre rendez-vous du {{visit.date}} est annulé",
    email_body: `Bonjour {{contact.name}},

Votre rendez-vous du {{visit.date}} a été annulé.

Pour convenir d'un nouveau rendez-vous, appelez-nous{{#organization.phone}} au {{organization.phone}}{{/organization.phone}} ou répondez à cet e-mail.

Cordialement,
{{organization.name}}`,
    sms: "{{organization.name}} : votre rendez-vous du {{visit.date}} a été annulé.{{#organization.phone}} Pour un nouveau rendez-vous, appelez le {{organization.phone}}.{{/organization.phone}}",
  },
  reminder: {
    email_subject: "Rappel : votre rendez-vous du {{visit.date}}",
    email_body: `Bonjour {{contact.name}},

Nous vous rappelons votre rendez-vous : {{visit.when}}.

{{#site.address}}Adresse : {{site.address}}
{{/site.address}}{{#technician.first_name}}Intervenant : {{technician.first_name}}
{{/technician.first_name}}
Pour le déplacer, appelez-nous{{#organization.phone}} au {{organization.phone}}{{/organization.phone}} ou répondez à cet e-mail.

Cordialement,
{{organization.name}}`,
    sms: "{{organization.name}} : rappel de votre rendez-vous : {{visit.when}}.{{#organization.phone}} Pour le déplacer, appelez le {{organization.phone}}.{{/organization.phone}}",
  },
  on_my_way: {
    email_subject: "{{#technician.first_name}}{{technician.first_name}} de {{/technician.first_name}}{{organization.name}} est en route",
    email_body: `Bonjour {{contact.name}},

{{#technician.first_name}}{{technician.first_name}} de {{/technician.first_name}}{{organization.name}} est en route{{#visit.eta}} et arrivera dans environ {{visit.eta}} minutes{{/visit.eta}}.

Cordialement,
{{organization.name}}`,
    sms: "{{organization.name}} : {{#technician.first_name}}{{technician.first_name}} est en route{{/technician.first_name}}{{^technician.first_name}}nous sommes en route{{/technician.first_name}}{{#visit.eta}}, arrivée dans environ {{visit.eta}} minutes{{/visit.eta}}.",
  },
  completed: {
    email_subject: "Merci de la part de {{organization.name}}",
    email_body: `Bonjour {{contact.name}},

Merci de votre confiance. Nous espérons que notre intervention vous donne entière satisfaction.

{{#links.review}}Votre avis nous aiderait beaucoup : {{links.review}}

{{/links.review}}Si quelque chose ne va pas, appelez-nous{{#organization.phone}} au {{organization.phone}}{{/organization.phone}} ou répondez à cet e-mail.

Cordialement,
{{organization.name}}`,
    sms: "{{organization.name}} : merci de votre confiance !{{#links.review}} Votre avis nous aiderait beaucoup : {{links.review}}{{/links.review}}",
  },
  quote_follow_up: {
    email_subject: "Votre devis {{quote.number}}{{#quote.title}} : {{quote.title}}{{/quote.title}}",
    email_body: `Bonjour {{contact.name}},

Il y a quelques jours, nous vous avons envoyé notre devis {{quote.number}}{{#quote.title}} pour {{quote.title}}{{/quote.title}}. Au cas où il vous aurait échappé, le voici :

{{quote.link}}

{{#quote.valid_until}}Il est valable jusqu'au {{quote.valid_until}}. {{/quote.valid_until}}Sur cette page, vous pouvez l'accepter, le refuser ou nous demander des modifications. Pour toute question, appelez-nous{{#organization.phone}} au {{organization.phone}}{{/organization.phone}} ou répondez à cet e-mail.

Cordialement,
{{organization.name}}`,
    sms: "{{organization.name}} : rappel de notre devis {{quote.number}}. Consultez-le et acceptez-le ici : {{quote.link}}",
  },
  invoice_reminder: {
    email_subject: "Facture {{invoice.number}} : échéance le {{invoice.due_date}}",
    email_body: `Bonjour {{contact.name}},

Nous vous rappelons que notre facture {{invoice.number}} d'un montant de {{invoice.amount_due}} arrive à échéance le {{invoice.due_date}}.

Vous pouvez la consulter et la régler ici :

{{invoice.link}}

Si vous l'avez déjà réglée, merci, et ne tenez pas compte de ce message. Pour toute question, appelez-nous{{#organization.phone}} au {{organization.phone}}{{/organization.phone}} ou répondez à cet e-mail.

Cordialement,
{{organization.name}}`,
    sms: "{{organization.name}} : facture {{invoice.number}} a regler le {{invoice.due_date}}. Payer : {{invoice.link}}",
  },
  invoice_overdue: {
    email_subject: "Relance : facture {{invoice.number}}",
    email_body: `Bonjour {{contact.name}},

Notre facture {{invoice.number}} était à régler le {{invoice.due_date}} ; il reste {{invoice.amount_due}} à payer.

Merci de la régler dès que possible ici :

{{invoice.link}}

Si vous l'avez déjà réglée, merci, et ne tenez pas compte de ce message. Si quelque chose ne va pas, appelez-nous{{#organization.phone}} au {{organization.phone}}{{/organization.phone}} ou répondez à cet e-mail.

Cordialement,
{{organization.name}}`,
    sms: "{{organization.name}} : facture {{invoice.number}} en retard, reste {{invoice.amount_due}} a payer. Payer : {{invoice.link}}",
  },
};

const TEXTS: Record<Language, Record<AutomaticTrigger, Texts>> = { en: EN, de: DE, fr: FR };

const LANGUAGE_OF: Record<AppLocale, Language> = { "en-US": "en", "en-GB": "en", "de-DE": "de", "fr-FR": "fr" };

/** A trigger's default texts in a language. */
export const defaultTexts = (locale: AppLocale, trigger: AutomaticTrigger): Texts => TEXTS[LANGUAGE_OF[locale]][trigger];
