"use client";
import { Button, Group, Select } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { FieldRenderProps } from "@/components/form/form-config";
import { addressLines, PARTS_QUERY, siteName, type SiteItem } from "@/components/customer/site-item";
import { lazyDialog } from "@/components/dialog/lazy-dialog";
import { useApi } from "@/lib/client/use-api";
import { holds, useSession } from "@/lib/client/use-session";

const SiteDialog = lazyDialog(
  () => import("@/components/customer/site-dialog").then((module) => module.SiteDialog),
  (props) => props.opened,
);

/** A site as the picker names it: its name and, where the name is a label, its first address lines. */
function optionLabel(site: SiteItem, locale: string, unnamed: string) {
  const name = siteName(site) ?? unnamed;
  const where = addressLines(site, locale).filter((line) => line !== name).slice(0, 2).join(", ");
  return where ? `${name} — ${where}` : name;
}

/**
 * The project's site, one of its customer's: a new customer brings its first active
 * site, as the server does, and no customer means no site. Members who may change
 * customers add a site here without leaving the form.
 */
export function ProjectSiteField({ value, onChange, error, form }: FieldRenderProps) {
  const t = useTranslations();
  const locale = useLocale();
  const { data: session } = useSession();
  const customer = typeof form?.values.customer === "string" && form.values.customer ? form.values.customer : null;
  const { data } = useApi<{ items: SiteItem[] }>(customer ? `/customer/${customer}/site` : null, PARTS_QUERY);
  const [adding, setAdding] = useState(false);
  // The customer the site was chosen for: the saved one's (none on a new project), so a customer
  // set before this field's code came in (New project from a customer's record) still brings its site.
  const saved = form?.saved.customer;
  const chosenFor = useRef(typeof saved === "string" && saved ? saved : null);
  useEffect(() => {
    if (customer === chosenFor.current) return;
    if (customer && !data) return;
    chosenFor.current = customer;
    onChange(data?.items.find((site) => site.status === "active")?.id ?? null);
    // Only when the customer changes, once its sites are in.
  }, [customer, data]);
  const options = (data?.items ?? [])
    .filter((site) => site.status === "active" || site.id === value)
    .map((site) => ({ value: site.id, label: optionLabel(site, locale, t("customer.sites.unnamed")) }));
  const mayAdd = customer !== null && Boolean(session && holds(session, "customers_manage"));
  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label={t("project.field.site")}
          data={options}
          value={typeof value === "string" ? value : null}
          onChange={(next) => onChange(next)}
          disabled={!customer}
          clearable
          placeholder={customer ? t("project.site.none") : t("project.site.noCustomer")}
          error={error}
          style={{ flex: 1, minWidth: 0 }}
        />
        {mayAdd && (
          <Button variant="default" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
            {t("project.site.add")}
          </Button>
        )}
      </Group>
      {customer && (
        <SiteDialog customerId={customer} site={null} opened={adding} onClose={() => setAdding(false)} onSaved={(site) => onChange(site.id)} />
      )}
    </>
  );
}
