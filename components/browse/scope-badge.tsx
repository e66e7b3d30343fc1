import { Badge } from "@mantine/core";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import type { SessionView } from "@/lib/client/use-session";

/** Marks an item that lives somewhere else than the session's location (spec §2, shared browse layout). */
export function ScopeBadge({ location, session }: { location: string | null; session: SessionView }) {
  const here = session.location?.id ?? null;
  if (location === here) return null;
  if (location === null) {
    return (
      <Badge variant="light" color="grape" tt="none">
        {session.organization.name}
      </Badge>
    );
  }
  return <ReferenceBadge type="location" id={location} color="teal" />;
}
