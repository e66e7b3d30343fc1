"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { projectForm } from "@/components/project/project-form";

export default function ProjectDetailsPage() {
  return <DetailsTab config={projectForm} />;
}
