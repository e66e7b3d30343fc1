import { optionsOf } from "@/components/browse/common-filters";
import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/list-query";
import type { FieldDefinition, ProjectStatus } from "@/lib/schemas/project-fields";
import type { ProjectTypeIcon } from "@/lib/schemas/project-type";
import type { Sharing } from "@/lib/schemas/sharing";
import type { Workflow } from "@/lib/schemas/workflow";

/** A project type as GET /project_type and GET /project_type/{id} answer it. */
export type ProjectTypeItem = {
  id: string;
  name: string;
  icon: ProjectTypeIcon;
  /** Hex value of a palette colour. */
  color: string;
  status: (typeof STATUS_ACTIVE_REMOVED)[number];
  location: string | null;
  sharing: Sharing;
  organization: string;
  /** Projects of this type change status only by running its workflows. */
  statuses_by_workflow: boolean;
  statuses: ProjectStatus[];
  fields: FieldDefinition[];
  workflows: Workflow[];
  created: string;
  updated: string;
};

export const PROJECT_TYPE_STATUS_OPTIONS = optionsOf(STATUS_ACTIVE_REMOVED);
