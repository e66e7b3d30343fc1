"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Badge, Button } from "@mantine/core";
import { Droppable } from "@hello-pangea/dnd";
import { memo, useMemo, useState } from "react";
import type { CustomerItem } from "@/components/customer/customer-item";
import type { MemberItem } from "@/components/member/member-item";
import type { ProjectItem } from "@/components/project/project-item";
import type { ProjectStatus } from "@/lib/schemas/project-fields";
import { BoardCard } from "./board-card";
import classes from "./board.module.css";

type Names = { owners: Map<string, MemberItem>; customers: Map<string, CustomerItem> };
/** `moved`: cards moved on this board, shown wherever they land. */
type Props = Names & { status: ProjectStatus; projects: ProjectItem[]; moved: ReadonlySet<string> };

// A column draws this many cards at first and as many more on each click, so a type with
// thousands of projects stays light to scroll and drag in.
const SHOWN_STEP = 100;

// Kept apart and memoized so hovering a column during a drag does not render its cards again.
const Cards = memo(function Cards({ projects, owners, customers }: Names & { projects: ProjectItem[] }) {
  return projects.map((project, index) => (
    <BoardCard
      key={project.id}
      project={project}
      index={index}
      owner={project.owner ? owners.get(project.owner) : undefined}
      customer={project.customer ? customers.get(project.customer)?.name : undefined}
    />
  ));
});

/** One status: its title, how many projects it holds, and the cards that can be dropped on it. */
export const BoardColumn = memo(function BoardColumn({ status, projects, owners, customers, moved }: Props) {
  const t = useTranslations();
  const format = useFormatter();
  const [limit, setLimit] = useState(SHOWN_STEP);
  const shown = useMemo(
    () => (projects.length <= limit ? projects : projects.filter((project, index) => index < limit || moved.has(project.id))),
    [projects, limit, moved],
  );
  const hidden = projects.length - shown.length;
  return (
    <section className={classes.column} aria-label={status.title} data-testid="board-column">
      <header className={classes.columnHeader}>
        <span>{status.title}</span>
        <Badge variant="default" size="sm" radius="sm">
          {format.number(projects.length)}
        </Badge>
      </header>
      <Droppable droppableId={String(status.id)}>
        {(provided, snapshot) => (
          <div ref={provided.innerRef} {...provided.droppableProps} className={classes.list} data-over={snapshot.isDraggingOver || undefined}>
            <Cards projects={shown} owners={owners} customers={customers} />
            {provided.placeholder}
            {hidden > 0 && (
              <Button variant="subtle" size="compact-sm" fullWidth onClick={() => setLimit((now) => now + SHOWN_STEP)}>
                {hidden <= SHOWN_STEP ? t("board.column.showMore", { count: hidden }) : t("board.column.showStep", { step: SHOWN_STEP, count: hidden })}
              </Button>
            )}
          </div>
        )}
      </Droppable>
    </section>
  );
});
