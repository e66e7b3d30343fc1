"use client";
import { CreateScreen } from "@/components/form/create-screen";
import { customerForm } from "@/components/customer/customer-form";

export default function NewCustomerPage() {
  return <CreateScreen config={customerForm} />;
}
