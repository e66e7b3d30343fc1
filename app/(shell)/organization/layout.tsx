"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { organizationDetail } from "@/components/organization/organization-detail";
import { useSession } from "@/lib/client/use-session";

export default function OrganizationLayout({ children }: { children: ReactNode }) {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <DetailLayout config={organizationDetail} id={session.organization.id} base="/organization">
      {children}
    </DetailLayout>
  );
}
