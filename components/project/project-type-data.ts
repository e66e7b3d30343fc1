"use client";
import { mutate } from "swr";
import type { ProjectTypeItem } from "@/components/project-type/project-type-item";
import type { useTranslations } from "next-intl";
import { api } from "@/lib/client/api";
import { useApi } from "@/lib/client/use-api";

const pathOf = (id: string) => `/project_type/${id}`;

/** A project's type with its statuses, fields and workflows; null id while none is chosen. */
export function useProjectType(id: string | null | undefined) {
  return useApi<ProjectTypeItem>(id ? pathOf(id) : null);
}

/** Loads a type outside render (a type change, a save) and shares the answer with the screens showing it. */
export async function fetchProjectType(id: string): Promise<ProjectTypeItem> {
  const type = await api.get<ProjectTypeItem>(pathOf(id));
  void mutate(pathOf(id), type, { revalidate: false });
  return type;
}

/** The active project types, for choosing one; an organization has a handful, never pages of them. */
export function useProjectTypes() {
  return useApi<{ items: ProjectTypeItem[] }>("/project_type", { sort: "name:asc", limit: 200 });
}

/** A status's title; one the type no longer has is named by its id. */
export function statusTitle(type: ProjectTypeItem | undefined, status: number, t: ReturnType<typeof useTranslations>): string {
  return type?.statuses.find((entry) => entry.id === status)?.title ?? t("project.status.unnamed", { id: status });
}
