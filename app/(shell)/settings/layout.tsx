"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { settingsDetail } from "@/components/settings/settings-detail";
import { useSession } from "@/lib/client/use-session";

export default function SettingsLayout({ children }: { children: ReactNode }) {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <DetailLayout config={settingsDetail} id={session.member.id} base="/settings">
      {children}
    </DetailLayout>
  );
}
