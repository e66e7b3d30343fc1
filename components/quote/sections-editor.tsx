"use client";
import { DragDropContext, Draggable, Droppable, type DropResult } from "@hello-pangea/dnd";
import { Button, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import type { FieldRenderProps } from "@/components/form/form-config";
import { PickerDialog } from "@/components/pickers/picker-dialog";
import { priceItemBrowse } from "@/components/price-item/price-item-browse";
import type { PriceItemItem, TaxRateItem } from "@/components/price-item/price-item-item";
import { api } from "@/lib/client/api";
import { QuoteSectionEditor, type StoredSection } from "./quote-section-editor";
import { emptySection, freeLine, lineFromItem, moveItem, moveLine, stepLine, type SectionValues } from "./quote-values";

type Props = {
  /** A key unique on the page for the sections' drop area (a quote's option id; "invoice"). */
  id: string;
  sections: SectionValues[];
  onChange: (sections: SectionValues[]) => void;
  /** The sections as stored (integers), for each line's margin. */
  stored: StoredSection[] | undefined;
  /** Each section's subtotal, by index, and each line's net by id, from the document's totals function. */
  nets: number[];
  lineNets: Record<string, number>;
  currency: string;
  rates: TaxRateItem[];
  /** Errors below a path inside the sections ("0.lines.1"). */
  errorOf: (path: string) => Record<string, string>;
  locked: boolean;
  form: FieldRenderProps["form"];
  maxSections: number;
  /** Lines may be optional, ticked by the customer (quotes). */
  optionalLines: boolean;
};

/**
 * A document's sections and lines, shared by the quote and invoice editors: lines added
 * from the price book or written freely, dragged (or moved by their menu, from the
 * keyboard) within and across sections; sections are dragged too.
 */
export function SectionsEditor({ id, sections, onChange, stored, nets, lineNets, currency, rates, errorOf, locked, form, maxSections, optionalLines }: Props) {
  const t = useTranslations();
  const [picking, setPicking] = useState<number | null>(null);
  const book = useMemo(() => priceItemBrowse(currency), [currency]);

  function onDragEnd(result: DropResult) {
    const { source, destination, type } = result;
    if (!destination) return;
    if (type === "section") return onChange(moveItem(sections, source.index, destination.index));
    const place = (droppable: string) => sections.findIndex((section) => section.id === droppable);
    onChange(moveLine(sections, { section: place(source.droppableId), index: source.index }, { section: place(destination.droppableId), index: destination.index }));
  }
  async function addFromBook(section: number, ids: string[]) {
    setPicking(null);
    const work = () => Promise.all(ids.map((item) => api.get<PriceItemItem>(`/price_item/${item}`)));
    const items = await (form?.track ?? ((run) => run()))(work).catch(() => []);
    onChange(sections.map((one, i) => (i === section ? { ...one, lines: [...one.lines, ...items.map(lineFromItem)] } : one)));
  }

  let before = 0;
  return (
    <>
      <DragDropContext onDragEnd={onDragEnd}>
        <Droppable droppableId={`sections-${id}`} type="section" isDropDisabled={locked}>
          {(provided) => (
            <Stack ref={provided.innerRef} {...provided.droppableProps} gap="sm">
              {sections.map((section, index) => {
                const firstLine = before;
                before += section.lines.length;
                return (
                  <Draggable key={section.id} draggableId={section.id} index={index} isDragDisabled={locked}>
                    {(drag) => (
                      <QuoteSectionEditor
                        section={section}
                        stored={stored?.[index]}
                        net={nets[index] ?? 0}
                        lineNets={lineNets}
                        index={index}
                        count={sections.length}
                        firstLine={firstLine}
                        currency={currency}
                        rates={rates}
                        errorOf={(path) => errorOf(`${index}${path ? `.${path}` : ""}`)}
                        locked={locked}
                        optionalLines={optionalLines}
                        onChange={(next) => onChange(sections.map((one, i) => (i === index ? next : one)))}
                        onMoveSection={(step) => onChange(moveItem(sections, index, index + step))}
                        onRemove={() => onChange(sections.filter((_, i) => i !== index))}
                        onStepLine={(line, step) => onChange(stepLine(sections, { section: index, index: line }, step))}
                        hasNext={index < sections.length - 1}
                        onAddFromBook={() => setPicking(index)}
                        onAddFree={() => onChange(sections.map((one, i) => (i === index ? { ...one, lines: [...one.lines, freeLine()] } : one)))}
                        drag={drag}
                      />
                    )}
                  </Draggable>
                );
              })}
              {provided.placeholder}
            </Stack>
          )}
        </Droppable>
      </DragDropContext>
      {!locked && sections.length < maxSections && (
        <Button variant="default" leftSection={<IconPlus size={14} />} onClick={() => onChange([...sections, emptySection()])} style={{ alignSelf: "flex-start" }}>
          {t("quote.section.add")}
        </Button>
      )}
      <PickerDialog<PriceItemItem>
        config={book}
        title={t("quote.section.addFromBook")}
        opened={picking !== null}
        onClose={() => setPicking(null)}
        multiple
        onPick={(ids) => void addFromBook(picking ?? 0, ids)}
      />
    </>
  );
}
