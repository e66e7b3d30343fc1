import { Avatar, type AvatarProps } from "@mantine/core";
import { fileUrl } from "@/lib/client/api";

const PALETTE = ["blue", "cyan", "teal", "green", "lime", "yellow", "orange", "red", "pink", "grape", "violet", "indigo"];

/** Up to three initials: "Olga Owner" → OO, "Anna Maria Berg" → AMB. */
export function initials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 3)
    .map((word) => word[0].toUpperCase())
    .join("");
}

/** A stable colour per person, so the same member looks the same everywhere. */
export function avatarColor(key: string) {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length];
}

type Props = { name: string; email?: string; image?: string | null } & AvatarProps;

/** The uploaded image, or initials on a colour of the palette. */
export function MemberAvatar({ name, email, image, ...props }: Props) {
  return (
    <Avatar src={image ? fileUrl(image) : null} color={avatarColor(name || email || "")} radius="xl" alt={name} {...props}>
      {initials(name || email || "?")}
    </Avatar>
  );
}
