"use client";
import { Group, Image, Stack, Text } from "@mantine/core";
import type { DocumentSeller } from "@/lib/schemas/quote-content";
import { addressLines } from "./format";

type Props = {
  seller: Pick<DocumentSeller, "name" | "legal_name" | "phone" | "email" | "website" | "tax_id" | "line1" | "line2" | "zip" | "city" | "state" | "country">;
  /** The logo's address on the page's own route, when the business has one. */
  logo: string | null;
  /** The tax id as the page words it. */
  taxId: string | null;
};

/** The business a customer's document is from, at the top of its public page: logo, name, address and how to reach it. */
export function SellerHeader({ seller, logo, taxId }: Props) {
  const lines = [...addressLines(seller), seller.phone, seller.email, seller.website, taxId].filter((part): part is string => Boolean(part));
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <Stack gap={2} style={{ minWidth: 0 }}>
        {logo ? <Image src={logo} alt={seller.name} h={48} w="auto" fit="contain" style={{ maxWidth: 200, objectPosition: "left center" }} /> : null}
        <Text fw={700}>{seller.legal_name ?? seller.name}</Text>
        {lines.map((part) => (
          <Text key={part} size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {part}
          </Text>
        ))}
      </Stack>
    </Group>
  );
}
