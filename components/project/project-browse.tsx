import { sharingFilter, yesNoFilter } from "@/components/browse/common-filters";
import { createdSinceFilter } from "@/components/browse/created-since-filter";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { fieldValueText } from "@/lib/schemas/field-kinds";
import { PROJECT_LIST } from "@/lib/schemas/lists";
import { CustomerCell, OwnerCell, ProjectStatusCell, ProjectTypeCell } from "./project-cells";
import { customerFilter, dropFieldsOfOtherType, fieldFilter, ownerFilter, projectStatusFilter, typeFilter, useFieldSorts } from "./project-filters";
import { projectImport } from "./project-import";
import type { ProjectItem } from "./project-item";
import { PROJECT, browseHeading, createAction } from "@/components/entities";

export const PROJECT_SORTS = [
  { value: "title", label: "project.field.title" },
  { value: "created", label: "project.sort.created" },
  { value: "updated", label: "project.sort.updated" },
];

export const projectBrowse: BrowseConfig<ProjectItem> = {
  ...browseHeading(PROJECT),
  // Every active member may create projects.
  create: createAction(PROJECT),
  list: PROJECT_LIST,
  filters: [
    typeFilter,
    fieldFilter,
    projectStatusFilter,
    yesNoFilter("open", "project.filter.open", "project.filter.openYes", "project.filter.openNo"),
    ownerFilter,
    customerFilter,
    createdSinceFilter,
    sharingFilter,
  ],
  sorts: PROJECT_SORTS,
  useMoreSorts: useFieldSorts,
  adjust: dropFieldsOfOtherType,
  name: (item) => item.title,
  nameHeader: "project.field.title",
  location: (item) => item.location,
  columns: [
    { header: "project.field.type", cell: (item) => <ProjectTypeCell id={item.type} />, visibleFrom: "sm" },
    { header: "project.field.status", cell: (item) => <ProjectStatusCell type={item.type} status={item.status} /> },
    { header: "project.field.owner", cell: (item) => <OwnerCell id={item.owner} />, visibleFrom: "md" },
    { header: "project.field.customer", cell: (item) => <CustomerCell id={item.customer} />, visibleFrom: "md" },
  ],
  // CSV headers stay English: an exported file is read back by import and other programs.
  csv: [
    { header: "ID", value: (item) => item.id },
    { header: "Title", value: (item) => item.title },
    { header: "Type", value: (item) => item.type },
    { header: "Status", value: (item) => item.status },
    { header: "Owner", value: (item) => item.owner },
    { header: "Customer", value: (item) => item.customer },
    { header: "Description", value: (item) => item.description },
    // Each kind as import reads it back: numbers with a point, ISO dates and instants, option ids, true.
    { header: "Fields", value: (item) => item.fields.map((field) => `${field.id}=${fieldValueText(field.value)}`).join("; ") },
    { header: "Created", value: (item) => item.created },
    { header: "Updated", value: (item) => item.updated },
  ],
  exportLimit: 10000,
  import: projectImport,
};
