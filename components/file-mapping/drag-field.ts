import type { DropResult } from "@hello-pangea/dnd";

/** The drop target of the unmapped fields; each column of the preview is `column:{index}`. */
export const FIELDS_DROP = "fields";
export const columnDrop = (index: number) => `column:${index}`;

/** A chip dropped on a column maps its field there; dropped back on the fields, it is unmapped. */
export function applyChipDrop(result: DropResult, assign: (field: string, column: number) => void, remove: (field: string) => void) {
  const target = result.destination?.droppableId;
  if (!target || target === result.source.droppableId) return;
  if (target === FIELDS_DROP) return remove(result.draggableId);
  const column = Number(target.slice("column:".length));
  if (Number.isInteger(column)) assign(result.draggableId, column);
}
