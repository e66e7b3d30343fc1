"use client";
import { Group } from "@mantine/core";
import { useDetail } from "@/components/detail/detail-context";
import { ProjectTypeIcon } from "@/components/project-type/project-type-icon";
import type { ProjectItem } from "./project-item";
import { StatusBadge } from "./project-cells";
import { useProjectType } from "./project-type-data";
import { WorkflowButtons } from "./workflow-buttons";

/** Next to the title: the type's icon, the status by its title and, on wide screens, the workflows that can run now. */
export function ProjectHeader({ project }: { project: ProjectItem }) {
  const { data: type } = useProjectType(project.type);
  return (
    <>
      {type && (
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          <ProjectTypeIcon icon={type.icon} color={type.color} size={26} />
          <StatusBadge type={type} status={project.status} data-testid="project-status" />
        </Group>
      )}
      <WorkflowButtons project={project} ml="auto" visibleFrom="sm" />
    </>
  );
}

/** Narrow screens have no room beside the title: the workflows sit above the tab's content instead. */
export function ProjectWorkflowBar() {
  const { item } = useDetail<ProjectItem>();
  return <WorkflowButtons project={item} hiddenFrom="sm" />;
}
