"use client";
import { Container, Stack, Title } from "@mantine/core";
import { useRouter } from "next/navigation";
import { PageCrumbs } from "@/components/browse/page-crumbs";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { checkBody } from "./check-body";
import type { FormConfig } from "./form-config";
import { EntityForm } from "./entity-form";
import { useChangeForm } from "./use-change-form";

/** The /{type}/new screen of any entity: validate, POST, toast, open the new item. */
export function CreateScreen<Item extends { id: string }>({ config }: { config: FormConfig<Item> }) {
  const router = useRouter();
  const form = useChangeForm(config.create?.initial ?? {});
  const create = config.create;
  if (!create) throw new Error(`${config.label} has no create form`);

  async function submit() {
    const checked = await checkBody(create!, form.values, form.values);
    form.setErrors(checked.errors ?? {});
    if (checked.errors) return;
    const item = await api.post<Item>(`/${config.type}`, checked.data);
    toast("success", `${config.label} ${config.name(item)} has been created`);
    void invalidate(`/${config.type}`, ...(config.alsoInvalidate ?? []));
    return () => router.push(`/${config.type}/${item.id}`);
  }

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <PageCrumbs items={[{ label: config.section, href: `/${config.type}` }, { label: create.title }]} />
        <Title order={2}>{create.title}</Title>
        <EntityForm fields={create.fields} form={form} onSubmit={submit} submitLabel="Save" />
      </Stack>
    </Container>
  );
}
