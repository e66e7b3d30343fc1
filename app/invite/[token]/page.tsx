import type { Metadata } from "next";
import { InviteScreen } from "@/components/auth/invite-screen";

export const metadata: Metadata = { title: "Invitation · Craftdesk", robots: { index: false, follow: false } };

/** Opened from an invitation email; outside the signed-in shell, since the invited member has no session yet. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <InviteScreen token={token} />;
}
