"use client";
import { useLocale } from "next-intl";
import { useMemo } from "react";
import type { FieldConfig } from "@/components/form/form-config";
import { countryOptions } from "@/components/organization/country-options";
import { useApi } from "@/lib/client/use-api";
import { CUSTOMER_STATUS_OPTIONS } from "./customer-item";
import { PartDialog, type PartDialogConfig } from "./part-dialog";
import { PARTS_QUERY, siteName, type ContactItem, type SiteItem } from "./site-item";

type Props = {
  customerId: string;
  /** The site to change; null adds one. */
  site: SiteItem | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (site: SiteItem) => void;
};

const TIME_ZONES = [...Intl.supportedValuesOf("timeZone"), "UTC"].map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));

const text = (key: string, label: string, placeholder?: string): FieldConfig => ({ key, label, kind: "text", placeholder });

/** A customer's site: where the work is, how to get in, whom to ask for, and the time zone its visits are in. */
export function SiteDialog({ customerId, site, ...rest }: Props) {
  const locale = useLocale();
  const { data: contacts } = useApi<{ items: ContactItem[] }>(rest.opened ? `/customer/${customerId}/contact` : null, PARTS_QUERY);
  const config = useMemo((): PartDialogConfig<SiteItem> => {
    // Active contacts may be chosen; a removed one the site already names stays shown.
    const contactOptions = (contacts?.items ?? [])
      .filter((entry) => entry.status === "active" || entry.id === site?.contact)
      .map((entry) => ({ value: entry.id, label: entry.role ? `${entry.name} (${entry.role})` : entry.name }));
    return {
      segment: "site",
      label: "customer.site.one",
      newTitle: "customer.site.newTitle",
      editTitle: "customer.site.editTitle",
      name: (item) => siteName(item) ?? "",
      fields: (editing) => [
        text("label", "customer.site.field.label", "customer.site.field.labelPlaceholder"),
        text("line1", "customer.field.line1"),
        text("line2", "customer.field.line2"),
        text("zip", "customer.field.zip"),
        text("city", "customer.field.city"),
        text("state", "customer.field.state"),
        { key: "country", label: "customer.field.country", kind: "select", options: countryOptions(locale), searchable: true, clearable: true },
        { key: "access_notes", label: "customer.site.field.accessNotes", kind: "textarea", placeholder: "customer.site.field.accessNotesPlaceholder" },
        { key: "contact", label: "customer.site.field.contact", kind: "select", options: contactOptions, clearable: true, placeholder: "customer.site.field.noContact" },
        {
          key: "time_zone",
          label: "customer.site.field.timeZone",
          kind: "select",
          options: TIME_ZONES,
          searchable: true,
          required: editing,
          clearable: !editing,
          // Left empty, the server takes the country's, else the location's or organization's.
          placeholder: editing ? undefined : "customer.site.field.timeZoneDefault",
        },
        ...(editing ? [{ key: "status", label: "customer.field.status", kind: "select", options: CUSTOMER_STATUS_OPTIONS, required: true } as FieldConfig] : []),
      ],
      initial: { label: "", line1: "", line2: "", zip: "", city: "", state: "", country: null, access_notes: "", contact: null, time_zone: null },
      values: (item) => ({
        label: item.label ?? "",
        line1: item.line1 ?? "",
        line2: item.line2 ?? "",
        zip: item.zip ?? "",
        city: item.city ?? "",
        state: item.state ?? "",
        country: item.country,
        access_notes: item.access_notes ?? "",
        contact: item.contact,
        time_zone: item.time_zone,
        status: item.status,
      }),
      schema: async (editing) => {
        const schemas = await import("@/lib/schemas/site");
        return editing ? schemas.siteUpdateSchema : schemas.siteCreateSchema;
      },
    };
  }, [contacts, site?.contact, locale]);
  return <PartDialog config={config} customerId={customerId} item={site} {...rest} />;
}
