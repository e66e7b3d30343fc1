"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { memberForm } from "@/components/member/member-form";

export default function MemberDetailsPage() {
  return <DetailsTab config={memberForm} />;
}
