import type { FieldConfig, FormConfig } from "@/components/form/form-config";
import { CUSTOMER, PROJECT, PROJECT_TYPE, QUOTE, formHeading, newItemLabel } from "@/components/entities";
import { lazyComponent } from "@/lib/client/lazy-component";
import type { QuoteItem } from "./quote-item";
import { useQuoteAccess } from "./use-quote-access";
import { optionsToBody, optionsToValues, type OptionValues } from "./quote-values";

// The editor (drag and drop, the price book's picker, the totals) is fetched with the quote's form, not with the app.
const QuoteEditor = lazyComponent(() => import("./quote-editor").then((module) => module.QuoteEditor));
// Fetched with the form's first draw rather than with the screen, as the project form does.
const SiteField = lazyComponent(() => import("@/components/project/project-site-field").then((module) => module.ProjectSiteField));

// The header's pickers bring the customer and project lists' configs: fetched with the form too.
const fields = () => import("./quote-fields");
const QuoteCustomerField = lazyComponent(() => fields().then((module) => module.QuoteCustomerField));
const QuoteProjectField = lazyComponent(() => fields().then((module) => module.QuoteProjectField));
const QuoteProjectTypeField = lazyComponent(() => fields().then((module) => module.QuoteProjectTypeField));
const QuoteValidUntilField = lazyComponent(() => fields().then((module) => module.QuoteValidUntilField));
const QuoteDepositField = lazyComponent(() => fields().then((module) => module.QuoteDepositField));

const schemas = () => import("@/lib/schemas/quote");

const orNull = (text: unknown) => (typeof text === "string" && text.trim() === "" ? null : text);

/** Texts left empty are sent as none; options as the API takes them. */
function payload(body: Record<string, unknown>) {
  const sent: Record<string, unknown> = { ...body };
  for (const key of ["introduction", "terms", "internal_notes"]) if (key in sent) sent[key] = orNull(sent[key]);
  if ("options" in sent) sent.options = optionsToBody(sent.options as OptionValues[]);
  return sent;
}

const header: FieldConfig[] = [
  { key: "title", label: "quote.field.title", kind: "text", required: true },
  { key: "site", label: "quote.field.site", kind: "custom", render: (props) => <SiteField {...props} /> },
  { key: "project", label: "quote.field.project", reference: PROJECT.type, kind: "custom", render: (props) => <QuoteProjectField {...props} /> },
  { key: "project_type", label: "quote.field.projectType", reference: PROJECT_TYPE.type, kind: "custom", render: (props) => <QuoteProjectTypeField {...props} /> },
  { key: "valid_until", label: "quote.field.validUntil", kind: "custom", render: (props) => <QuoteValidUntilField {...props} /> },
  { key: "introduction", label: "quote.field.introduction", kind: "textarea" },
];

/**
 * A quote: created with its customer and title, then written in its editor. Only a
 * draft changes; a sent quote is read here until Revise starts its next revision.
 */
export const quoteForm: FormConfig<QuoteItem> = {
  ...formHeading(QUOTE),
  name: (item) => item.title,
  create: {
    title: newItemLabel(QUOTE),
    fields: [{ key: "customer", label: "quote.field.customer", reference: CUSTOMER.type, kind: "custom", render: (props) => <QuoteCustomerField {...props} /> }, header[0]],
    schema: () => schemas().then((module) => module.quoteCreateSchema),
    initial: { customer: null, title: "" },
    // One option, named as the quote (a single option offers no choice, so its name is not shown), of one untitled section: the editor fills it in.
    payload: (body) => ({ ...body, options: [{ name: typeof body.title === "string" && body.title.trim() ? body.title : "-", sections: [{ title: "", lines: [] }] }] }),
  },
  update: {
    width: 1200,
    useAccess: useQuoteAccess,
    fields: [
      ...header,
      { key: "deposit", label: "quote.field.deposit", kind: "custom", render: (props) => <QuoteDepositField {...props} /> },
      // Its options are switched between on a sent quote too; it locks their editing itself.
      { key: "options", label: "quote.field.options", kind: "custom", readsItself: true, render: (props) => <QuoteEditor {...props} /> },
      { key: "terms", label: "quote.field.terms", kind: "textarea" },
      { key: "internal_notes", label: "quote.field.internalNotes", description: "quote.field.internalNotesHelp", kind: "textarea" },
    ],
    schema: () => schemas().then((module) => module.quoteUpdateSchema),
    values: (item) => ({
      customer: item.customer,
      title: item.title,
      site: item.site,
      project: item.project,
      project_type: item.project_type,
      valid_until: item.valid_until,
      introduction: item.introduction ?? "",
      deposit: item.deposit,
      options: optionsToValues(item.options ?? []),
      terms: item.terms ?? "",
      internal_notes: item.internal_notes ?? "",
    }),
    payload: (body) => {
      // The customer is chosen once, on create; it is in the values only for the site's choice.
      const { customer: _customer, ...rest } = body;
      return payload(rest);
    },
  },
};
