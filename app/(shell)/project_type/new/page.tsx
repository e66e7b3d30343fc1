"use client";
import { CreateScreen } from "@/components/form/create-screen";
import { projectTypeForm } from "@/components/project-type/project-type-form";

export default function NewProjectTypePage() {
  return <CreateScreen config={projectTypeForm} />;
}
