"use client";
import "@scalar/api-reference-react/style.css";
import { ApiReferenceReact } from "@scalar/api-reference-react";
import { useMemo } from "react";
import { PRODUCT_NAME } from "@/components/shell/page-title";

/**
 * Scalar's reference, bundled: no fonts from its CDN, no telemetry, no hosted client,
 * agent or developer toolbar, so the page keeps the app's Content-Security-Policy
 * (scripts by nonce, connections to 'self') and sends nothing elsewhere.
 */
export default function ScalarReference({ url, title }: { url: string; title: string }) {
  const configuration = useMemo(
    () => ({
      url,
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      showDeveloperTools: "never" as const,
      agent: { disabled: true },
      metaData: { title: `${title} · ${PRODUCT_NAME}` },
    }),
    [url, title],
  );
  return <ApiReferenceReact configuration={configuration} />;
}
