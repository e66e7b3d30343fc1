"use client";
import { CreateScreen } from "@/components/form/create-screen";
import { projectForm } from "@/components/project/project-form";

export default function NewProjectPage() {
  return <CreateScreen config={projectForm} />;
}
