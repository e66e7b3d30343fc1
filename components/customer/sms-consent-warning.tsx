"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { FieldWarning } from "@/components/form/form-config";
import type { LazyModule } from "@/lib/client/lazy-component";
import { useApi } from "@/lib/client/use-api";
import { useSession } from "@/lib/client/use-session";
import type { CustomerConsentView } from "@/lib/services/customer-consent";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { SmsOptOutWay } from "@/lib/schemas/consent";

/** A customer's consent as GET /customer/{id}/consent answers it. */
export type CustomerConsentItem = Jsonify<CustomerConsentView>;

const WHY: Record<SmsOptOutWay, string> = {
  keyword: "customer.consent.keyword",
  carrier: "customer.consent.carrier",
  staff: "customer.consent.staff",
};

type PhoneLibrary = LazyModule<typeof import("@/lib/schemas/phone")>;

/**
 * Under a saved customer's phone: that the number opted out of texts, since when
 * and how, and that only the customer can undo it. Nothing while texts may go to
 * it, or while the number typed is another.
 */
export function smsConsentWarning(phoneLibrary: PhoneLibrary): FieldWarning {
  return function useSmsConsentWarning(value, { itemId }): ReactNode {
    const t = useTranslations();
    const format = useFormatter();
    const { data: session } = useSession();
    const { data } = useApi<CustomerConsentItem>(itemId ? `/customer/${itemId}/consent` : null);
    const typed = typeof value === "string" ? value.trim() : "";
    const read = typed && session ? phoneLibrary.current?.normalizePhone(typed, session.organization.country) : undefined;
    const number = read && "number" in read ? read.number : null;
    const optedOut = data?.phones.find((entry) => entry.phone === number)?.opted_out;
    if (!optedOut) return null;
    return t(WHY[optedOut.how] as "customer.consent.keyword", {
      since: format.dateTime(new Date(optedOut.since), { dateStyle: "medium", timeStyle: "short" }),
      keyword: (optedOut.keyword ?? "STOP").toUpperCase(),
    });
  };
}

/** Both warnings of one field, one after the other. */
export function bothWarnings(first: FieldWarning, second: FieldWarning): FieldWarning {
  return function useBothWarnings(value, context): ReactNode {
    const one = first(value, context);
    const two = second(value, context);
    if (!one || !two) return one || two;
    return (
      <>
        {one} {two}
      </>
    );
  };
}
