"use client";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { customerBrowse } from "@/components/customer/customer-browse";

export default function CustomerListPage() {
  return <BrowseScreen config={customerBrowse} />;
}
