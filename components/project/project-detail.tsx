import { DETAILS_AND_HISTORY, type DetailConfig } from "@/components/detail/detail-config";
import { ProjectHeader } from "./project-header";
import type { ProjectItem } from "./project-item";
import { PROJECT, detailHeading } from "@/components/entities";

export const projectDetail: DetailConfig<ProjectItem> = {
  ...detailHeading(PROJECT),
  title: (item) => item.title,
  aside: (item) => <ProjectHeader project={item} />,
  tabs: DETAILS_AND_HISTORY,
};
