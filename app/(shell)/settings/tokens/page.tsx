"use client";
import { ApiTokens } from "@/components/settings/api-tokens";

export default function ApiTokenSettingsPage() {
  return <ApiTokens />;
}
