import { Group, Stack, Text } from "@mantine/core";
import type { DocumentAddress } from "@/lib/schemas/quote-content";
import { addressLines } from "./format";

/** One party of a document under its heading: who is billed, where the work is. Empty lines are left out. */
function Party({ heading, lines }: { heading: string; lines: (string | null | undefined)[] }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {heading}
      </Text>
      {lines.filter(Boolean).map((line, index) => (
        <Text key={`${index}-${line}`} size="sm" fw={index === 0 ? 500 : undefined}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

type Props = {
  buyer: { heading: string; name: string; address: DocumentAddress; extra?: string | null };
  site: { heading: string; name: string | null; address: DocumentAddress } | null;
};

/** The buyer, and the site when the work is not at the buyer's own address, side by side on a document's page. */
export function DocumentParties({ buyer, site }: Props) {
  return (
    <Group gap="xl" align="flex-start">
      <Party heading={buyer.heading} lines={[buyer.name, ...addressLines(buyer.address), buyer.extra]} />
      {site && <Party heading={site.heading} lines={[site.name, ...addressLines(site.address)]} />}
    </Group>
  );
}
