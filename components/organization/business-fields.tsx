import type { Option } from "@/components/browse/browse-config";
import type { FieldConfig } from "@/components/form/form-config";
import { DEFAULT_PAYMENT_TERMS_DAYS } from "@/lib/schemas/invoice-values";
import { BankField } from "./bank-field";
import { type BusinessFormValues, type BusinessItem, type HoursValue } from "./business-values";
import { countryOptions } from "./country-options";
import { currencyOptions } from "./currency-options";
import { HoursField } from "./hours-field";
import { timeZoneOptions } from "./time-zone-options";

/** On a location: the organization's details, and how one reads in an empty input ("As the organization: …"). */
export type Inherited = { details: BusinessItem; asInherited: (value: string) => string };

type Field = FieldConfig<BusinessFormValues>;

/**
 * The inputs of business details, in the page's language (`locale`): the organization's,
 * or a location's (`inherited`), whose empty inputs show the organization's value.
 */
export function businessFields(locale: string, inherited?: Inherited): Field[] {
  const countries = countryOptions(locale);
  const currencies = currencyOptions(locale);
  const zones = timeZoneOptions(locale);
  const own = inherited?.details ?? {};
  const hint = (value: string | null | undefined) => (inherited && value ? inherited.asInherited(value) : undefined);
  const choice = (options: Option[], value: string | null | undefined) => hint(options.find((option) => option.value === value)?.label ?? value);
  return [
    { key: "business.legal_name", section: "businessDetails.section.company", label: "businessDetails.field.legalName", kind: "text", description: "businessDetails.field.legalNameDescription", placeholder: hint(own.legal_name) },
    { key: "business.vat_number", label: "businessDetails.field.vatNumber", kind: "text", description: "businessDetails.field.vatNumberDescription", placeholder: hint(own.vat_number) },
    { key: "business.registration_number", label: "businessDetails.field.registrationNumber", kind: "text", placeholder: hint(own.registration_number) },
    { key: "business.line1", section: "businessDetails.section.address", label: "businessDetails.field.line1", kind: "text", placeholder: hint(own.line1) },
    { key: "business.line2", label: "businessDetails.field.line2", kind: "text", placeholder: hint(own.line2) },
    { key: "business.zip", label: "businessDetails.field.zip", kind: "text", placeholder: hint(own.zip) },
    { key: "business.city", label: "businessDetails.field.city", kind: "text", placeholder: hint(own.city) },
    { key: "business.state", label: "businessDetails.field.state", kind: "text", placeholder: hint(own.state) },
    { key: "business.country", label: "businessDetails.field.country", kind: "select", options: countries, searchable: true, clearable: true, placeholder: choice(countries, own.country) },
    { key: "business.phone", section: "businessDetails.section.contact", label: "businessDetails.field.phone", kind: "tel", placeholder: hint(own.phone) },
    { key: "business.email", label: "businessDetails.field.email", kind: "email", placeholder: hint(own.email) },
    { key: "business.website", label: "businessDetails.field.website", kind: "text", placeholder: hint(own.website) },
    {
      key: "business.bank",
      section: "businessDetails.section.bank",
      label: "businessDetails.field.bank",
      kind: "custom",
      render: (props) => <BankField {...props} inherited={inherited ? own.bank : undefined} asInherited={inherited?.asInherited} />,
    },
    {
      key: "business.currency",
      section: "businessDetails.section.money",
      label: "businessDetails.field.currency",
      kind: "select",
      options: currencies,
      searchable: true,
      clearable: true,
      description: "businessDetails.field.currencyDescription",
      placeholder: choice(currencies, own.currency),
    },
    {
      key: "business.time_zone",
      label: "businessDetails.field.timeZone",
      kind: "select",
      options: zones,
      searchable: true,
      clearable: true,
      description: "businessDetails.field.timeZoneDescription",
      placeholder: choice(zones, own.time_zone),
    },
    {
      key: "business.payment_terms_days",
      label: "businessDetails.field.paymentTerms",
      kind: "text",
      description: "businessDetails.field.paymentTermsDescription",
      placeholder: inherited ? hint(own.payment_terms_days === null || own.payment_terms_days === undefined ? undefined : String(own.payment_terms_days)) : String(DEFAULT_PAYMENT_TERMS_DAYS),
    },
    {
      key: "business.hours",
      section: "businessDetails.section.hours",
      label: "businessDetails.field.hours",
      kind: "custom",
      render: (props) => <HoursField {...props} inherited={inherited ? ((own.hours as HoursValue | null | undefined) ?? null) : undefined} />,
    },
  ];
}
