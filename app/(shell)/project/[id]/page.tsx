"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { ProjectDetailsWithCustomer } from "@/components/project/project-customer-card";
import { projectForm } from "@/components/project/project-form";

export default function ProjectDetailsPage() {
  return (
    <ProjectDetailsWithCustomer>
      <DetailsTab config={projectForm} />
    </ProjectDetailsWithCustomer>
  );
}
