import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { unsubscribeTarget } from "@/lib/server/unsubscribe-token";
import { UnsubscribeScreen } from "./unsubscribe-screen";

/** In the reader's organization's language when signed in here, else their browser's (i18n/request.ts). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("unsubscribe.pageTitle"), robots: { index: false, follow: false } };
}

/**
 * Opened from a notification email (a member's) or an automated email (a
 * customer's); outside the signed-in shell, since the reader may not be signed in
 * on this device. The token's signature says which, so the page says what stops;
 * it reads nothing else, and a link that is no token reads as a member's.
 */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <UnsubscribeScreen token={token} kind={unsubscribeTarget(token)?.kind ?? "member"} />;
}
