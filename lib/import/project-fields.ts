import type { ImportField } from "./fields";

/**
 * What a project import maps. Labels are the project list's CSV export headers,
 * and each field also takes the exported form of its value (ids, status numbers,
 * "id=value; id=value" custom fields), so an exported file re-imports unchanged.
 */
export const PROJECT_IMPORT_FIELDS = [
  { id: "title", label: "Title", required: true, aliases: ["Project name"] },
  { id: "type", label: "Type", required: true, description: "Project type id or name" },
  { id: "status", label: "Status", description: "Status id or title of the type; its first status when empty" },
  { id: "owner", label: "Owner", description: "Member id or email", aliases: ["Owner email", "Owner id", "Assignee", "Assigned to"] },
  { id: "customer", label: "Customer", description: "Customer id or email", aliases: ["Customer email", "Customer id", "Client"] },
  { id: "description", label: "Description" },
  { id: "fields", label: "Fields", description: "Custom field values as id=value; id=value" },
] as const satisfies readonly ImportField[];

export type ProjectImportFieldId = (typeof PROJECT_IMPORT_FIELDS)[number]["id"];
