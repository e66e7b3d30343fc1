"use client";
import { Avatar, Button, FileButton, Group, Input } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { api, fileUrl } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { useSubmit } from "@/lib/client/use-submit";
import type { FieldRenderProps } from "./form-config";

/** Spec §5: images are jpeg, png, gif, webp, svg or bmp; the server checks the bytes again. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp,image/svg+xml,image/bmp";
const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp", "svg", "bmp"];

const extensionOf = (name: string) => (name.includes(".") ? name.split(".").pop()!.toLowerCase() : "");

/** A file id held by the form: upload replaces it at once, Remove clears it; Save stores the change. */
export function ImageField({ label, value, onChange, error }: FieldRenderProps & { label: string }) {
  const t = useTranslations();
  const { busy: uploading, submit } = useSubmit();
  const id = typeof value === "string" && value ? value : null;

  async function upload(file: File | null) {
    if (!file) return;
    const extension = extensionOf(file.name);
    if (!IMAGE_EXTENSIONS.includes(extension)) return toast("warning", t("form.image.invalidType"), `"${extension || file.name}"`);
    await submit(async () => {
      const saved = await api.upload<{ id: string; mimetype: string }>("/file", { file });
      if (!saved.mimetype.startsWith("image/")) return toast("warning", t("form.image.invalidType"), `"${extension}"`);
      onChange(saved.id);
    });
  }

  return (
    <Input.Wrapper label={label} error={error}>
      <Group gap="md" mt={4}>
        <Avatar src={id ? fileUrl(id) : null} size={64} radius="md" alt={label}>
          <IconPhoto size={28} />
        </Avatar>
        <FileButton onChange={upload} accept={IMAGE_ACCEPT}>
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={uploading}>
              {id ? t("form.image.replace") : t("form.image.upload")}
            </Button>
          )}
        </FileButton>
        {id && (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
            {t("form.image.remove")}
          </Button>
        )}
      </Group>
    </Input.Wrapper>
  );
}
