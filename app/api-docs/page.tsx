import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PRODUCT_NAME } from "@/components/shell/page-title";
import { ApiReference } from "./api-reference";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: `${t("common.apiDocs.title")} · ${PRODUCT_NAME}` };
}

// The reference reads the same document scripts can fetch, GET /api/api/openapi.json; it needs no session.
export default function ApiDocsPage() {
  return <ApiReference />;
}
