import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UnsubscribeScreen } from "./unsubscribe-screen";

/** In the reader's organization's language when signed in here, else their browser's (i18n/request.ts). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("unsubscribe.pageTitle"), robots: { index: false, follow: false } };
}

/** Opened from a notification email; outside the signed-in shell, since the reader may not be signed in on this device. */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <UnsubscribeScreen token={token} />;
}
