"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { projectTypeWorkflowsForm } from "@/components/project-type/project-type-workflows-form";

export default function ProjectTypeWorkflowsPage() {
  return <DetailsTab config={projectTypeWorkflowsForm} />;
}
