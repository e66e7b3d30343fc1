import type { DragEvent } from "react";

/** What a dragged chip carries: its field id, under a type of our own so other drops are ignored. */
const FIELD_TYPE = "application/x-import-field";

export function startFieldDrag(event: DragEvent, field: string) {
  event.dataTransfer.setData(FIELD_TYPE, field);
  event.dataTransfer.setData("text/plain", field);
  event.dataTransfer.effectAllowed = "move";
}

export const carriesField = (event: DragEvent) => event.dataTransfer.types.includes(FIELD_TYPE);

export const droppedField = (event: DragEvent) => event.dataTransfer.getData(FIELD_TYPE) || null;

/** Props that make an element a drop target for chips; `onOver` shows where a chip would land. */
export function fieldDropTarget(onDrop: (field: string) => void, onOver: (over: boolean) => void) {
  return {
    onDragOver: (event: DragEvent) => {
      if (!carriesField(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      onOver(true);
    },
    onDragLeave: (event: DragEvent) => {
      // Moving onto a child also leaves the parent; only leaving the target itself counts.
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onOver(false);
    },
    onDrop: (event: DragEvent) => {
      onOver(false);
      const field = droppedField(event);
      if (!field) return;
      event.preventDefault();
      onDrop(field);
    },
  };
}
