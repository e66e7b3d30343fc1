"use client";
import { RoleMembers } from "@/components/role/role-members";

export default function RoleMembersPage() {
  return <RoleMembers />;
}
