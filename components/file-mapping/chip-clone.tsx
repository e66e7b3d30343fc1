"use client";
import type { DraggableChildrenFn } from "@hello-pangea/dnd";
import type { ImportField } from "@/lib/import/fields";
import { ChipBadge } from "./chip-badge";

/**
 * The chip under the pointer while dragging. It is drawn in the document body, because
 * the dialog's transform would otherwise offset a fixed-position drag from the pointer.
 */
export function chipClone(fields: readonly ImportField[]): DraggableChildrenFn {
  return function ChipClone(provided, _snapshot, rubric) {
    const field = fields.find((candidate) => candidate.id === rubric.draggableId);
    if (!field) return <div ref={provided.innerRef} {...provided.draggableProps} {...provided.dragHandleProps} />;
    return (
      <ChipBadge
        ref={provided.innerRef}
        {...provided.draggableProps}
        {...provided.dragHandleProps}
        field={field}
        style={{ ...provided.draggableProps.style, zIndex: 1000 }}
      />
    );
  };
}
