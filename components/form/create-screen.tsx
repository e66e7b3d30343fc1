"use client";
import { Alert, Anchor, Container, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useEffect } from "react";
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
 * Text typed in Quick action arrives as `?name=` and fills the form's name field,
 * also when the create screen is already open and only its address changes.
 */
function NameFromAddress({ field, set }: { field: string; set: (key: string, value: unknown) => void }) {
  const name = useSearchParams().get("name");
  useEffect(() => {
    if (name) set(field, name);
  }, [name, field, set]);
  return null;
}

/** The /{type}/new screen of any entity: validate, POST, toast, open the new item. */
export function CreateScreen<Item extends { id: string }>({ config }: { config: FormConfig<Item> }) {
  const router = useRouter();
  const { data: session } = useSession();
  const form = useChangeForm(config.create?.initial ?? {});
  const ready = useLazyModule(config.load);
  const create = config.create;
  if (!create) throw new Error(`${config.label} has no create form`);
  useSchemaOnChange(create, form.dirty);
  const nameField = config.nameField && config.nameField in create.initial ? config.nameField : undefined;
  // Opened by its address without the privilege: say what it takes instead of a form that can only fail.
  const refused = session && !mayAct(session, config.createPrivilege) ? config.createPrivilege : undefined;

  async function submit() {
    const checked = await checkBody(create!, form.values, form.values, session);
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
        {nameField && (
          // The address is read apart, so the rest of the screen renders without waiting for it.
          <Suspense fallback={null}>
            <NameFromAddress field={nameField} set={form.set} />
          </Suspense>
        )}
        {refused ? (
          <Alert color="yellow" variant="light" icon={<IconLock size={18} />} title="Permission required">
            <Text size="sm">
              Creating {config.section.toLowerCase()} takes the privilege <b>{privilegeLabel(refused)}</b>. An administrator can
              add it to your role.
            </Text>
            <Anchor component={Link} href={`/${config.type}`} size="sm">
              Back to {config.section}
            </Anchor>
          </Alert>
        ) : ready ? (
          <EntityForm fields={create.fields} form={form} onSubmit={submit} submitLabel="Save" />
        ) : (
          <FormLoader />
        )}
      </Stack>
    </Container>
  );
}
