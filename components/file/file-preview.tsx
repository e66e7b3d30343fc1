"use client";
import { Image } from "@mantine/core";
import { useTranslations } from "next-intl";
import { fileUrl } from "@/lib/client/api";
import { isPdf, isPreviewImage, type FileItem } from "./file-item";

/** Whether the browser can show the file in the page: displayable images and PDFs, while their content exists. */
export const hasPreview = (file: Pick<FileItem, "mimetype" | "removed">) => !file.removed && (isPreviewImage(file.mimetype) || isPdf(file.mimetype));

/** The file shown inline: an image as itself, a PDF in the browser's own viewer. */
export function FilePreview({ file }: { file: Pick<FileItem, "id" | "name" | "mimetype" | "removed"> }) {
  const t = useTranslations();
  if (!hasPreview(file)) return null;
  if (isPdf(file.mimetype)) {
    return (
      <iframe
        src={fileUrl(file.id)}
        title={t("file.preview.of", { name: file.name })}
        style={{ width: "100%", height: 560, border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-sm)" }}
      />
    );
  }
  // At its own size up to the card's width: a small image is not blown up into a blur.
  return (
    <Image
      src={fileUrl(file.id)}
      alt={t("file.preview.of", { name: file.name })}
      fit="contain"
      radius="sm"
      style={{ width: "auto", height: "auto", maxWidth: "100%", maxHeight: 480, alignSelf: "flex-start" }}
    />
  );
}
