import { IconFile, IconFileText, IconMovie, IconPhoto, type Icon } from "@tabler/icons-react";
import { IMAGE_ACCEPT } from "@/components/form/image-field";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { getFile } from "@/lib/services/file";
import type { fileView } from "@/lib/entities/file";
import type { fileStats } from "@/lib/services/file-list";
import type { FileCategory } from "@/lib/schemas/file-kind";

/** A file as GET /file lists it. */
export type FileItem = Jsonify<ReturnType<typeof fileView>>;
/** A file as GET /file/{id} answers it: the item and where it is used. */
export type FileDetail = Jsonify<Awaited<ReturnType<typeof getFile>>>;
export type FileUse = FileDetail["used"][number];
/** GET /file_stats: total and per-category sizes of what the member sees (admins: the organization, with its quota when it has one). */
export type FileStats = Jsonify<Awaited<ReturnType<typeof fileStats>>>;

/** GET /file_stats, also the SWR key to refresh after an upload or a removal. */
export const FILE_STATS_PATH = "/file_stats";

/** The image types a browser shows and the server serves inline (the same list images are uploaded with). */
const PREVIEW_IMAGE_TYPES = IMAGE_ACCEPT.split(",");

export const isPreviewImage = (mimetype: string) => PREVIEW_IMAGE_TYPES.includes(mimetype);
export const isPdf = (mimetype: string) => mimetype === "application/pdf";

/** What the storage bar calls each category (catalogue keys). */
export const CATEGORY_LABELS: Record<FileCategory, string> = {
  document: "file.category.documents",
  image: "file.category.images",
  video: "file.category.videos",
  other: "file.category.other",
};

/** One label per file: what the Type column says (catalogue keys). */
export const CATEGORY_TYPE_LABELS: Record<FileCategory, string> = {
  document: "file.kind.document",
  image: "file.kind.image",
  video: "file.kind.video",
  other: "file.kind.other",
};

export const CATEGORY_COLORS: Record<FileCategory, string> = {
  document: "blue",
  image: "grape",
  video: "orange",
  other: "gray",
};

export const CATEGORY_ICONS: Record<FileCategory, Icon> = {
  document: IconFileText,
  image: IconPhoto,
  video: IconMovie,
  other: IconFile,
};

/** The badge and the "(removed)" suffix the shared screens show. */
export const fileStatus = (item: { removed: boolean }) => (item.removed ? "removed" : "active");
