"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useDetail } from "@/components/detail/detail-context";
import { MemberSecurity } from "@/components/member/member-security";
import type { MemberItem } from "@/components/member/member-item";
import { useSession } from "@/lib/client/use-session";

/** One's own password and email live under Settings → Security; this address leads there. */
export default function MemberSecurityPage() {
  const router = useRouter();
  const { item } = useDetail<MemberItem>();
  const { data: session } = useSession();
  const own = session?.member.id === item.id;
  useEffect(() => {
    if (own) router.replace("/settings/security");
  }, [own, router]);
  return own ? null : <MemberSecurity />;
}
