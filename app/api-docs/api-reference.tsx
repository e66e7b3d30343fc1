"use client";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { API_BASE } from "@/lib/client/api";

function Loading() {
  const t = useTranslations();
  return <p>{t("common.apiDocs.loading")}</p>;
}

// The renderer is a browser app (it reads window at import): loaded on the client only, from this app's own bundle.
const ScalarReference = dynamic(() => import("./scalar-reference"), { ssr: false, loading: () => <Loading /> });

export function ApiReference() {
  const t = useTranslations();
  return <ScalarReference url={`${API_BASE}/openapi.json`} title={t("common.apiDocs.title")} />;
}
