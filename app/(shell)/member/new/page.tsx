"use client";
import { CreateScreen } from "@/components/form/create-screen";
import { memberForm } from "@/components/member/member-form";

export default function NewMemberPage() {
  return <CreateScreen config={memberForm} />;
}
