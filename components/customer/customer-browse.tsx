import { PhoneText } from "@/components/detail/phone-text";
import { customerBrowseWith } from "./customer-browse-config";

/** The customer list's config as pickers use it: phones formatted in place. */
export const customerBrowse = customerBrowseWith(PhoneText);
