"use client";
import { Badge } from "@mantine/core";
import Link from "next/link";
import { useApi } from "@/lib/client/use-api";

type Named = { name?: string; title?: string; reference?: string };

const typeLabel = (type: string) => type.replace(/_/g, " ");

/** The name of a referenced item, linked to it; "Unknown {type}" when it cannot be looked up. */
export function ReferenceBadge({ type, id, color = "gray" }: { type: string; id: string; color?: string }) {
  const { data, error } = useApi<Named>(`/${type}/${id}`, undefined, { shouldRetryOnError: false });
  if (error) {
    return (
      <Badge variant="outline" color="gray" tt="none">
        Unknown {typeLabel(type)}
      </Badge>
    );
  }
  const name = data?.name ?? data?.title ?? data?.reference;
  return (
    <Badge
      component={Link}
      href={`/${type}/${id}`}
      variant="light"
      color={color}
      tt="none"
      style={{ cursor: "pointer" }}
      aria-busy={!data}
    >
      {name ?? "…"}
    </Badge>
  );
}
