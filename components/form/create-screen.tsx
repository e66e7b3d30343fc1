"use client";
import { Alert, Anchor, Container, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useEffect } from "react";
import { useInSentence, useLabel } from "@/components/shell/use-label";
import { PageCrumbs } from "@/components/browse/page-crumbs";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { useLazyModule } from "@/lib/client/lazy-component";
import { toast } from "@/lib/client/toast";
import { mayAct, useSession } from "@/lib/client/use-session";
import { privilegeLabel } from "@/lib/schemas/constants";
import { checkBody, useSchemaOnChange } from "./check-body";
import type { FormConfig } from "./form-config";
import { EntityForm } from "./entity-form";
import { FormLoader } from "./form-loader";
import { useChangeForm } from "./use-change-form";

/**
 * Values in the address fill the form's fields: text typed in Quick action arrives
 * as `?name=`, a conversation's sender as `?name=…&email=…`; also when the create
 * screen is already open and only its address changes.
 */
function ValuesFromAddress({ fields, set }: { fields: string[]; set: (key: string, value: unknown) => void }) {
  const params = useSearchParams();
  const given = JSON.stringify(fields.flatMap((field) => (params.get(field) ? [[field, params.get(field)]] : [])));
  useEffect(() => {
    for (const [field, value] of JSON.parse(given) as [string, string][]) set(field, value);
  }, [given, set]);
  return null;
}

/** The /{type}/new screen of any entity: validate, POST, toast, open the new item. */
export function CreateScreen<Item extends { id: string }>({ config }: { config: FormConfig<Item> }) {
  const router = useRouter();
  const t = useTranslations();
  const inSentence = useInSentence();
  const label = useLabel();
  const { data: session } = useSession();
  const form = useChangeForm(config.create?.initial ?? {});
  const ready = useLazyModule(config.load);
  const create = config.create;
  if (!create) throw new Error(`${config.label} has no create form`);
  useSchemaOnChange(create, form.dirty);
  const fromAddress = [config.nameField, ...(create.fromAddress ?? [])].filter((field): field is string => field !== undefined && field in create.initial);
  // Opened by its address without the privilege: say what it takes instead of a form that can only fail.
  const refused = session && !mayAct(session, config.createPrivilege) ? config.createPrivilege : undefined;

  async function submit() {
    const checked = await checkBody(create!, form.values, form.values, session);
    form.setErrors(checked.errors ?? {});
    if (checked.errors) return;
    const item = await api.post<Item>(`/${config.type}`, checked.data);
    toast("success", t("form.toast.created", { label: label(config.label), name: config.name(item) }), create!.createdNote?.(item));
    void invalidate(`/${config.type}`, ...(config.alsoInvalidate ?? []));
    const next = (await create!.then?.(item, new URLSearchParams(window.location.search))) ?? `/${config.type}/${item.id}`;
    return () => router.push(next);
  }

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <PageCrumbs items={[{ label: config.section, href: `/${config.type}` }, { label: create.title }]} />
        <Title order={2}>{label(create.title)}</Title>
        {create.intro && !refused && (
          <Text size="sm" c="dimmed">
            {label(create.intro)}
          </Text>
        )}
        {fromAddress.length > 0 && (
          // The address is read apart, so the rest of the screen renders without waiting for it.
          <Suspense fallback={null}>
            <ValuesFromAddress fields={fromAddress} set={form.set} />
          </Suspense>
        )}
        {refused ? (
          <Alert color="yellow" variant="light" icon={<IconLock size={18} />} title={t("form.refused.title")}>
            <Text size="sm">
              {t.rich("form.refused.text", {
                items: inSentence(label(config.section)),
                privilege: t(privilegeLabel(refused)),
                b: (chunks) => <b>{chunks}</b>,
              })}
            </Text>
            <Anchor component={Link} href={`/${config.type}`} size="sm">
              {t("detail.backTo", { section: label(config.section) })}
            </Anchor>
          </Alert>
        ) : ready ? (
          <EntityForm fields={create.fields} form={form} onSubmit={submit} submitLabel={t("common.save")} />
        ) : (
          <FormLoader />
        )}
      </Stack>
    </Container>
  );
}
