"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { projectTypeForm } from "@/components/project-type/project-type-form";

export default function ProjectTypeDetailsPage() {
  return <DetailsTab config={projectTypeForm} />;
}
