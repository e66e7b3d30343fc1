"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { projectTypeFieldsForm } from "@/components/project-type/project-type-fields-form";

export default function ProjectTypeFieldsPage() {
  return <DetailsTab config={projectTypeFieldsForm} />;
}
