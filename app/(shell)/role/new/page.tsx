"use client";
import { CreateScreen } from "@/components/form/create-screen";
import { roleForm } from "@/components/role/role-form";

export default function NewRolePage() {
  return <CreateScreen config={roleForm} />;
}
