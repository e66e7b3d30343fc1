"use client";
import { Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { createSpotlight, Spotlight } from "@mantine/spotlight";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { createHref, newItemLabel, QUICK_CREATE, type Entity } from "@/components/entities";
import { leaveGuarded } from "@/lib/client/use-unsaved-guard";
import { mayAct, useSession, type SessionView } from "@/lib/client/use-session";
import { PERSONAL_SCREENS, visibleSections } from "./nav-sections";
import { useRecordSearch } from "./quick-action-sources";

const [quickActionStore, quickAction] = createSpotlight();

const SEARCH_DEBOUNCE_MS = 200;
const LIST_ID = "quick-action-list";

/**
 * Spotlight picks the first action when the query changes, before records have
 * arrived; pick it again once they are in, so Enter always jumps somewhere.
 */
function selectFirstAction() {
  const list = document.getElementById(LIST_ID);
  if (!list || list.querySelector("[data-selected]")) return;
  list.querySelector("[data-action]")?.setAttribute("data-selected", "true");
  quickActionStore.updateState((state) => ({ ...state, selected: 0 }));
}

type Translator = ReturnType<typeof useTranslations>;

/** Screens by the names the sidebar gives them, in the page's language. */
function matchingScreens(query: string, atOrganizationLevel: boolean, t: Translator) {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const screens = [
    ...visibleSections(atOrganizationLevel).flatMap((section) =>
      section.links.map((link) => ({ href: link.href, icon: link.icon, label: t(link.key), description: t(section.key) })),
    ),
    ...PERSONAL_SCREENS.map((link) => ({ href: link.href, icon: link.icon, label: t(link.key), description: t("shell.userMenu.settings") })),
  ];
  return screens.filter((screen) => `${screen.label} ${screen.description}`.toLowerCase().includes(needle));
}

/** The New … actions' words by entity type. */
const NEW_ITEM_KEYS: Record<string, string> = {
  customer: "shell.quickAction.new.customer",
  project: "shell.quickAction.new.project",
  project_type: "shell.quickAction.new.projectType",
  member: "shell.quickAction.new.member",
};

/** The groups of records found, by entity type: the names of their lists. */
const GROUP_KEYS: Record<string, string> = {
  location: "shell.nav.link.locations",
  customer: "shell.nav.link.customers",
  project: "shell.nav.link.projects",
  project_type: "shell.nav.link.projectTypes",
  member: "shell.nav.link.members",
  role: "shell.nav.link.roles",
  file: "shell.nav.link.files",
};

/**
 * New … actions the session may take. Typing part of one ("new cust") offers just
 * those; any other text is offered as the new item's name ("New customer “Mia Miller”").
 */
function createActions(query: string, session: SessionView, t: Translator) {
  const text = query.trim();
  const allowed = QUICK_CREATE.filter((of) => mayAct(session, of.createPrivilege));
  const label = (of: Entity) => (NEW_ITEM_KEYS[of.type] ? t(NEW_ITEM_KEYS[of.type]) : newItemLabel(of));
  const plain = (of: Entity) => ({ of, label: label(of), href: createHref(of) });
  if (text === "") return allowed.map(plain);
  const asked = allowed.filter((of) => label(of).toLowerCase().includes(text.toLowerCase()));
  if (asked.length > 0) return asked.map(plain);
  return allowed.map((of) => ({ of, label: t("shell.quickAction.newNamed", { item: label(of), name: text }), href: createHref(of, text) }));
}

type Props = {
  atOrganizationLevel: boolean;
  /** Open at once: mounted by the shortcut's first press (quick-action-launcher.tsx). */
  openOnMount?: boolean;
};

/** The meta+K dialog: jump to a screen or a record by name. Mounted only inside the signed-in shell. */
export function QuickAction({ atOrganizationLevel, openOnMount }: Props) {
  const router = useRouter();
  const t = useTranslations();
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const { data: groups, isLoading } = useRecordSearch(debounced);
  const screens = matchingScreens(query, atOrganizationLevel, t);
  const records = debounced ? (groups ?? []).filter((group) => group.items.length > 0) : [];
  const searching = query.trim() !== debounced || isLoading;
  const { data: session } = useSession();
  // Offered once the search has answered, below what it found: Enter goes to a found record first.
  const creates = session && !searching ? createActions(query, session, t) : [];

  useEffect(selectFirstAction, [groups, searching]);
  useEffect(() => {
    if (openOnMount) quickAction.open();
  }, [openOnMount]);

  // An open form with unsaved input asks first, as a link would.
  const go = (href: string) => leaveGuarded(() => router.push(href));
  const hint = !query.trim()
    ? t("shell.quickAction.hint")
    : screens.length === 0 && records.length === 0
      ? searching
        ? t("shell.quickAction.searching")
        : t("common.noResults")
      : null;

  return (
    <Spotlight.Root
      store={quickActionStore}
      query={query}
      onQueryChange={setQuery}
      shortcut="mod + K"
      // Also from inside a form field: meta+K is never typing.
      tagsToIgnore={[]}
      scrollable
      maxHeight={420}
    >
      <Spotlight.Search
        placeholder={t("shell.quickAction.placeholder")}
        aria-label={t("shell.quickAction.label")}
        leftSection={<IconSearch size={18} />}
      />
      <Spotlight.ActionsList id={LIST_ID}>
        {screens.length > 0 && (
          <Spotlight.ActionsGroup label={t("shell.quickAction.screens")}>
            {screens.map(({ href, label, description, icon: Icon }) => (
              <Spotlight.Action
                key={href}
                label={label}
                description={description}
                leftSection={<Icon size={18} stroke={1.6} />}
                onClick={() => go(href)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {records.map(({ source, items }) => (
          <Spotlight.ActionsGroup key={source.group} label={GROUP_KEYS[source.type] ? t(GROUP_KEYS[source.type]) : source.group}>
            {items.map((item) => (
              <Spotlight.Action
                key={item.id}
                label={item.label}
                leftSection={<source.icon size={18} stroke={1.6} />}
                onClick={() => go(item.href)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {hint && (
          <Text c="dimmed" size="sm" ta="center" py="md">
            {hint}
          </Text>
        )}
        {creates.length > 0 && (
          <Spotlight.ActionsGroup label={t("common.create")}>
            {creates.map(({ of, label, href }) => (
              <Spotlight.Action key={of.type} label={label} leftSection={<IconPlus size={18} stroke={1.6} />} onClick={() => go(href)} />
            ))}
          </Spotlight.ActionsGroup>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

