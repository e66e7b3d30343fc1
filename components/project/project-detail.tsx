import { DETAILS_AND_HISTORY, type DetailConfig } from "@/components/detail/detail-config";
import { ProjectHeader } from "./project-header";
import type { ProjectItem } from "./project-item";

export const projectDetail: DetailConfig<ProjectItem> = {
  type: "project",
  section: "Projects",
  title: (item) => item.title,
  aside: (item) => <ProjectHeader project={item} />,
  tabs: DETAILS_AND_HISTORY,
};
