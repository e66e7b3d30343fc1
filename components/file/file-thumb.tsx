import { Image, ThemeIcon } from "@mantine/core";
import { fileUrl } from "@/lib/client/api";
import { fileCategory } from "@/lib/schemas/file-kind";
import { CATEGORY_COLORS, CATEGORY_ICONS, isPreviewImage, type FileItem } from "./file-item";

const SIZE = 32;

/** A list row's picture: the image itself when the browser can show it, else its category's icon. */
export function FileThumb({ file }: { file: Pick<FileItem, "id" | "mimetype" | "removed"> }) {
  // A removed file has no bytes left to show.
  if (isPreviewImage(file.mimetype) && !file.removed) {
    return <Image src={fileUrl(file.id)} alt="" loading="lazy" decoding="async" w={SIZE} h={SIZE} fit="cover" radius="sm" style={{ flexShrink: 0 }} />;
  }
  const category = fileCategory(file.mimetype);
  const Icon = CATEGORY_ICONS[category];
  return (
    <ThemeIcon size={SIZE} variant="light" color={CATEGORY_COLORS[category]} radius="sm" style={{ flexShrink: 0 }} aria-hidden>
      <Icon size={18} />
    </ThemeIcon>
  );
}
