import {
  IconBuildingStore,
  IconCategory,
  IconFiles,
  IconFolders,
  IconMapPin,
  IconMessages,
  IconFileInvoice,
  IconReceipt,
  IconReceiptTax,
  IconTags,
  IconShieldLock,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from "@tabler/icons-react";
import type { Privilege } from "@/lib/schemas/constants";

/**
 * What every screen says about an entity, declared once (labels are plain text or
 * catalogue keys, which the screens translate with useLabel): Browse, Detail and
 * Form configs, pickers, Quick action and the sidebar read it from here.
 */
export type Entity = {
  /** API path and route segment: /api/api/{type} and /{type}/{id}. */
  type: string;
  /** Singular, for toasts and pickers: `Customer "X" has been updated`. */
  label: string;
  /** The list's title and Quick action's group. */
  plural: string;
  /** The list's screen. */
  path: string;
  /** Breadcrumb and sidebar label of the list. */
  section: string;
  icon: Icon;
  /** Who may create one; every active member when absent. The server checks it either way. */
  createPrivilege?: Privilege;
  /** The create form's field that text typed elsewhere (Quick action) fills in; "name" unless told. */
  nameField?: string;
  /** The New … button and create screen's title, where the labels are catalogue keys: "New project type". */
  newLabel?: string;
  /** The same action in an empty list, where the labels are catalogue keys: "Create the first project type". */
  first?: string;
};

type Names = Pick<Entity, "label" | "plural" | "icon"> & Partial<Pick<Entity, "section" | "createPrivilege" | "nameField" | "newLabel" | "first">>;

/** The list lives at `/{type}`; its section is the plural unless named. */
const entity = <Type extends string>(type: Type, { section, ...names }: Names) => ({
  type,
  path: `/${type}`,
  section: section ?? names.plural,
  ...names,
});

export const CONVERSATION = entity("conversation", { label: "Conversation", plural: "Conversations", icon: IconMessages });
export const CUSTOMER = entity("customer", { label: "Customer", plural: "Customers", icon: IconUsersGroup, createPrivilege: "customers_manage" });
export const FILE = entity("file", { label: "File", plural: "Files", icon: IconFiles });
export const LOCATION = entity("location", { label: "location.entity.label", plural: "location.entity.plural", icon: IconMapPin, createPrivilege: "admin" });
export const MEMBER = entity("member", { label: "member.entity.label", plural: "member.entity.plural", icon: IconUsers, createPrivilege: "members_manage" });
export const ORGANIZATION = entity("organization", {
  label: "organization.entity.label",
  plural: "organization.entity.plural",
  section: "organization.entity.label",
  icon: IconBuildingStore,
});
export const PROJECT = entity("project", {
  label: "project.entity.label",
  plural: "project.entity.plural",
  newLabel: "project.entity.new",
  first: "project.entity.first",
  icon: IconFolders,
  nameField: "title",
});
export const PROJECT_TYPE = entity("project_type", {
  label: "projectType.entity.label",
  plural: "projectType.entity.plural",
  section: "projectType.entity.section",
  newLabel: "projectType.entity.new",
  first: "projectType.entity.first",
  icon: IconCategory,
  createPrivilege: "projects_manage",
});
export const PRICE_ITEM = entity("price_item", {
  label: "priceItem.entity.label",
  plural: "priceItem.entity.plural",
  section: "priceItem.entity.section",
  newLabel: "priceItem.entity.new",
  first: "priceItem.entity.first",
  icon: IconTags,
  createPrivilege: "admin",
});
export const TAX_RATE = entity("tax_rate", {
  label: "taxRate.entity.label",
  plural: "taxRate.entity.plural",
  newLabel: "taxRate.entity.new",
  first: "taxRate.entity.first",
  icon: IconReceiptTax,
  createPrivilege: "admin",
});
export const QUOTE = entity("quote", {
  label: "quote.entity.label",
  plural: "quote.entity.plural",
  newLabel: "quote.entity.new",
  first: "quote.entity.first",
  icon: IconFileInvoice,
  nameField: "title",
});
export const INVOICE = entity("invoice", {
  label: "invoice.entity.label",
  plural: "invoice.entity.plural",
  newLabel: "invoice.entity.new",
  first: "invoice.entity.first",
  icon: IconReceipt,
  createPrivilege: "invoices",
  nameField: "title",
});
export const ROLE = entity("role", { label: "role.entity.label", plural: "role.entity.plural", icon: IconShieldLock, createPrivilege: "members_manage" });

/** The heading fields of a Browse config. */
export const browseHeading = (of: Entity) => ({ type: of.type, title: of.plural, section: of.section, plural: of.plural, icon: of.icon });

/** The heading fields of a Detail config. */
export const detailHeading = (of: Entity) => ({ type: of.type, section: of.section });

/** The heading fields of a Form config. */
export const formHeading = (of: Entity) => ({
  type: of.type,
  label: of.label,
  section: of.section,
  createPrivilege: of.createPrivilege,
  nameField: of.nameField ?? "name",
});

/** The New … button of a Browse config, shown to sessions that may create. */
export const createAction = (of: Entity) => ({
  label: newItemLabel(of),
  privilege: of.createPrivilege,
  first: of.first ?? `Create the first ${of.label.toLowerCase()}`,
});

/** The sidebar's link to an entity's list. */
export const navLink = (of: Entity) => ({ label: of.section, href: of.path, icon: of.icon });

/** What Quick action offers to create, in this order. */
export const QUICK_CREATE: Entity[] = [CUSTOMER, PROJECT, PROJECT_TYPE, MEMBER];

/** A create screen with its name field filled in: `/customer/new?name=Mia%20Miller`. */
export const createHref = (of: Entity, name?: string) => `${of.path}/new${name ? `?name=${encodeURIComponent(name)}` : ""}`;

/** The New … button and the create screen's title: "New project type". */
export const newItemLabel = (of: Entity) => of.newLabel ?? `New ${of.label.toLowerCase()}`;
