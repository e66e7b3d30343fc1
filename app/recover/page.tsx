import { Suspense } from "react";
import { RecoverScreen } from "@/components/auth/recover-screen";

// The screen reads the email typed on the login screen from the address.
export default function RecoverPage() {
  return (
    <Suspense>
      <RecoverScreen />
    </Suspense>
  );
}
