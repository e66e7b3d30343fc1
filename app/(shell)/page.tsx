"use client";
import { DashboardScreen } from "@/components/dashboard/dashboard-screen";
import { useSession } from "@/lib/client/use-session";

export default function DashboardPage() {
  const { data: session } = useSession();
  return session ? <DashboardScreen session={session} /> : null;
}
