"use client";
import { useSession } from "@/lib/client/use-session";
import { formatPhone } from "@/lib/schemas/phone";

/** Shows stored (E.164) numbers nationally when they are of the organization's country, else internationally. */
export function usePhoneFormat() {
  const country = useSession().data?.organization.country;
  return (phone: string) => formatPhone(phone, country);
}

export function PhoneText({ phone }: { phone: string | null }) {
  const format = usePhoneFormat();
  return phone ? format(phone) : null;
}
