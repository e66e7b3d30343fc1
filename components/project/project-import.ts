import type { ImportConfig } from "@/components/import/import-config";
import { PROJECT_IMPORT_FIELDS } from "@/lib/import/project-fields";

/** More actions → Import on the project list; every member may create projects. Set as `import` on the project BrowseConfig. */
export const projectImport: ImportConfig = {
  nouns: { one: "project", other: "projects" },
  fields: PROJECT_IMPORT_FIELDS,
  path: "/project/import",
  list: "/project",
};
