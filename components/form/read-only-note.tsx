import { Alert } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** Above what a member may look at but not change: why there is nothing to press. */
export function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <Alert variant="light" color="gray" icon={<IconEye size={18} />}>
      {children}
    </Alert>
  );
}
