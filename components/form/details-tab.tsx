"use client";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useInSentence, useLabel } from "@/components/shell/use-label";
import { useDetail } from "@/components/detail/detail-context";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { useLazyModule } from "@/lib/client/lazy-component";
import { toast } from "@/lib/client/toast";
import { useSession } from "@/lib/client/use-session";
import { checkBody, useSchemaOnChange } from "./check-body";
import type { FormConfig } from "./form-config";
import { EntityForm } from "./entity-form";
import { FormLoader } from "./form-loader";
import { useChangeForm } from "./use-change-form";

const noServerAccess = () => undefined;

/** The Details tab of any entity: the edit form on the item the detail layout loaded; PATCH sends only what changed. */
export function DetailsTab<Item extends { id: string }>({ config }: { config: FormConfig<Item> }) {
  return useLazyModule(config.load) ? <DetailsForm config={config} /> : <FormLoader />;
}

function DetailsForm<Item extends { id: string }>({ config }: { config: FormConfig<Item> }) {
  const t = useTranslations();
  const label = useLabel();
  const inSentence = useInSentence();
  const { item, replace, level } = useDetail<Item>();
  const { data: session } = useSession();
  const useAccess = config.update.useAccess ?? noServerAccess;
  const access = useAccess(item);
  // Sharing first (a record shared with this location to look at only), then the form's privilege.
  const readOnly = access ? !access.editable : level !== "edit" || Boolean(session && config.update.editable && !config.update.editable(item, session));
  const initial = config.update.values(item, session);
  const form = useChangeForm(initial);
  const fresh = JSON.stringify(initial);
  useSchemaOnChange(config.update, form.dirty);

  useEffect(() => {
    // Newer server data (another tab, a revalidation) replaces the form only while nothing is being edited.
    if (!form.dirty) form.commit(JSON.parse(fresh));
  }, [fresh]);

  async function submit() {
    const checked = await checkBody(config.update, form.changes(), form.values, session);
    form.setErrors(checked.errors ?? {});
    if (checked.errors) return;
    const answer = await api.patch<Item>(`/${config.type}/${item.id}`, checked.data);
    const saved = config.update.reload ? await api.get<Item>(`/${config.type}/${item.id}`) : answer;
    form.commit(config.update.values(saved, session));
    replace(saved);
    toast("success", config.update.toast ? label(config.update.toast) : t("form.toast.updated", { label: label(config.label), name: config.name(saved) }));
    void invalidate(`/${config.type}`, "/history", ...(config.alsoInvalidate ?? []));
  }

  return (
    <EntityForm
      fields={config.update.fields}
      form={form}
      onSubmit={submit}
      submitLabel={t("common.save")}
      itemId={item.id}
      width={config.update.width}
      readOnly={readOnly ? (access?.note ? label(access.note) : t("form.readOnly", { label: inSentence(label(config.label)) })) : undefined}
    />
  );
}
