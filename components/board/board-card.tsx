"use client";
import { Draggable } from "@hello-pangea/dnd";
import Link from "next/link";
import { memo } from "react";
import type { MemberItem } from "@/components/member/member-item";
import type { ProjectItem } from "@/components/project/project-item";
import { MemberAvatar } from "@/components/shell/member-avatar";
import classes from "./board.module.css";

type Props = { project: ProjectItem; index: number; customer: string | undefined; owner: MemberItem | undefined };

/**
 * A project on the board: a link (click opens it) that is also the drag handle
 * (mouse, touch, or space and arrow keys). Everything it shows comes in as
 * props, so hundreds of cards render without a request each.
 */
export const BoardCard = memo(function BoardCard({ project, index, customer, owner }: Props) {
  return (
    <Draggable draggableId={project.id} index={index}>
      {(provided, snapshot) => (
        <Link
          href={`/project/${project.id}`}
          prefetch={false}
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...provided.dragHandleProps}
          className={classes.card}
          data-dragging={snapshot.isDragging || undefined}
          data-testid="board-card"
          title={project.title}
        >
          <div className={classes.cardTitle}>{project.title}</div>
          <div className={classes.cardFooter}>
            <span className={classes.cardCustomer}>{customer ?? ""}</span>
            {owner && <MemberAvatar name={owner.name} email={owner.email} image={owner.image} size={22} />}
          </div>
        </Link>
      )}
    </Draggable>
  );
});
