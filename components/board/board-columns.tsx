"use client";
import { DragDropContext, type DropResult } from "@hello-pangea/dnd";
import { useCallback, useMemo, useState } from "react";
import type { CustomerItem } from "@/components/customer/customer-item";
import { useItemsById } from "@/components/browse/items-by-id";
import type { MemberItem } from "@/components/member/member-item";
import type { ProjectItem } from "@/components/project/project-item";
import type { ProjectStatus } from "@/lib/schemas/project-fields";
import { BoardColumn } from "./board-column";
import classes from "./board.module.css";

type Props = { statuses: ProjectStatus[]; projects: ProjectItem[]; onMove: (id: string, status: number) => void };

const NONE: ReadonlySet<string> = new Set();

/** A column per status; dropping a card on another column asks to move it there. */
export function BoardColumns({ statuses, projects, onMove }: Props) {
  // A moved card stays in sight in its new column, even past the cards a column draws at first.
  const [moved, setMoved] = useState(NONE);
  // Names for every card at once: one list request per entity, not one per card.
  const owners = useItemsById<MemberItem>("member", projects.map((project) => project.owner));
  const customers = useItemsById<CustomerItem>("customer", projects.map((project) => project.customer));

  const byStatus = useMemo(() => {
    const groups = new Map<number, ProjectItem[]>(statuses.map((status) => [status.id, []]));
    for (const project of projects) groups.get(project.status)?.push(project);
    return groups;
  }, [statuses, projects]);

  const drop = useCallback(
    ({ destination, source, draggableId }: DropResult) => {
      if (!destination || destination.droppableId === source.droppableId) return;
      setMoved((now) => new Set(now).add(draggableId));
      onMove(draggableId, Number(destination.droppableId));
    },
    [onMove],
  );

  return (
    <DragDropContext onDragEnd={drop}>
      <div className={classes.board} data-testid="board">
        {statuses.map((status) => (
          <BoardColumn key={status.id} status={status} projects={byStatus.get(status.id)!} owners={owners} customers={customers} moved={moved} />
        ))}
      </div>
    </DragDropContext>
  );
}
