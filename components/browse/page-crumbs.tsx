import { Anchor, Box, Breadcrumbs, Text } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useLabel } from "@/components/shell/use-label";
import { PageTitle } from "@/components/shell/page-title";

export type Crumb = { label: string; href?: string };

/** Home > section > …; the last crumb is the current page and is not a link. The tab's title reads them back to front. */
export function PageCrumbs({ items: given }: { items: Crumb[] }) {
  const t = useTranslations();
  const label = useLabel();
  // Labels from configs may be catalogue keys.
  const items = given.map((crumb) => ({ ...crumb, label: label(crumb.label) }));
  const all: Crumb[] = [{ label: t("shell.nav.section.home"), href: "/" }, ...items];
  return (
    <Box component="nav" aria-label={t("browse.breadcrumb")}>
      <PageTitle parts={items.map((crumb) => crumb.label).reverse()} />
      {/* One line on any screen: the current page's name (a long conversation title) is cut short, not pushed past the edge. */}
      <Breadcrumbs separator=">" fz="sm" styles={{ root: { flexWrap: "nowrap", minWidth: 0 } }}>
        {all.map((crumb, index) =>
          crumb.href && index < all.length - 1 ? (
            <Anchor key={crumb.label} component={Link} href={crumb.href} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} size="sm" c="dimmed" aria-current="page" truncate="end" miw={0}>
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </Box>
  );
}
