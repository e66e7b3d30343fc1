"use client";
import { useEffect, useRef } from "react";
import { api } from "@/lib/client/api";
import { errorToast, toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import type { OrganizationView } from "@/lib/entities/organization";
import { providerLabel, type MailboxType } from "./mailbox-card";
import type { Jsonify } from "@/lib/schemas/jsonify";

/** Where providers send the user back to; the server accepts only this path on its own origin. */
export const oauthRedirectUri = () => `${window.location.origin}/organization/integrations`;

/** Google's answer names googleapis.com scopes; Microsoft's does not. */
const providerOf = (scope: string | null): MailboxType => (scope?.includes("googleapis") ? "google" : "microsoft");

/**
 * Back from a provider's consent screen: `code` (and `state`, `scope`) in the query
 * completes the connection; `error` means the user refused. The query is cleared
 * first, so a reload never submits the same code again, and it runs once per page
 * load even when effects run twice.
 */
export function useOauthReturn(organizationId: string, onConnected: (item: Jsonify<OrganizationView>) => void) {
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    const query = new URLSearchParams(window.location.search);
    const code = query.get("code");
    const error = query.get("error");
    if (!code && !error) return;
    handled.current = true;
    const type = providerOf(query.get("scope"));
    window.history.replaceState(window.history.state, "", window.location.pathname);
    if (error) {
      // A refusal carries no scope to tell the provider by.
      toast("error", translate("organization.integrations.notConnected"), query.get("error_description") || error);
      return;
    }
    void (async () => {
      try {
        const item = await api.patch<Jsonify<OrganizationView>>(`/organization/${organizationId}`, {
          oauth: { type, code, redirect_uri: oauthRedirectUri(), state: query.get("state") ?? "" },
        });
        onConnected(item);
        toast("success", translate("organization.integrations.connected", { provider: providerLabel(type) }));
      } catch (failure) {
        errorToast(failure);
      }
    })();
  }, [organizationId, onConnected]);
}
