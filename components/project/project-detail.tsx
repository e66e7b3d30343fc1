import type { DetailConfig } from "@/components/detail/detail-config";
import { ProjectHeader } from "./project-header";
import type { ProjectItem } from "./project-item";
import { PROJECT, detailHeading } from "@/components/entities";

export const projectDetail: DetailConfig<ProjectItem> = {
  ...detailHeading(PROJECT),
  title: (item) => item.title,
  aside: (item) => <ProjectHeader project={item} />,
  tabs: [
    { label: "project.tab.details", path: "" },
    { label: "project.tab.visits", path: "visits" },
    { label: "project.tab.quotes", path: "quotes" },
    { label: "project.tab.invoices", path: "invoices" },
    { label: "project.tab.history", path: "history" },
  ],
};
