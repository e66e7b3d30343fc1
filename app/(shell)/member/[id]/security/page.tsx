"use client";
import { MemberSecurity } from "@/components/member/member-security";

export default function MemberSecurityPage() {
  return <MemberSecurity />;
}
