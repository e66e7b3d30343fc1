import type { Metadata } from "next";
import { SignupScreen } from "@/components/auth/signup-screen";

export const metadata: Metadata = { title: "Sign up · Craftdesk" };

export default function SignupPage() {
  return <SignupScreen />;
}
