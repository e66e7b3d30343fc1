import { SignupScreen } from "@/components/auth/signup-screen";

export default function SignupPage() {
  return <SignupScreen />;
}
