"use client";
import dynamic from "next/dynamic";
import { API_BASE } from "@/lib/client/api";

// The renderer is a browser app (it reads window at import): loaded on the client only, from this app's own bundle.
const ScalarReference = dynamic(() => import("./scalar-reference"), { ssr: false, loading: () => <p>Loading API documentation…</p> });

export function ApiReference() {
  return <ScalarReference url={`${API_BASE}/openapi.json`} />;
}
