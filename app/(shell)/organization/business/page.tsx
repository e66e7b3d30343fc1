"use client";
import { OrganizationBusinessTab } from "@/components/organization/organization-business-tab";

export default function OrganizationBusinessPage() {
  return <OrganizationBusinessTab />;
}
