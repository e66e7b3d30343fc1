"use client";
import { ProjectVisitsTab } from "@/components/visit/project-visits-tab";

export default function ProjectVisitsPage() {
  return <ProjectVisitsTab />;
}
