import type { Metadata } from "next";
import { UnsubscribeScreen } from "./unsubscribe-screen";

export const metadata: Metadata = { title: "Unsubscribe · Craftdesk", robots: { index: false, follow: false } };

/** Opened from a notification email; outside the signed-in shell, since the reader may not be signed in on this device. */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <UnsubscribeScreen token={token} />;
}
