import { useEffect, useRef, useState } from "react";
import { Button, GridList, GridListItem, useDragAndDrop } from "react-aria-components";
import { useFetcher } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";

interface ReorderItem {
  id: number;
  name: string;
  year: number | null;
}

/**
 * Drag-and-drop and keyboard reordering of a list's titles (react-aria's
 * GridList: drag with the mouse or touch, or focus a row's handle, press
 * Enter, move with the arrow keys and press Enter again). "Save order" posts
 * the whole order (intent=reorder) to the edit page's action, the same one
 * the up/down buttons use without JavaScript. Loaded only when the editor
 * asks for it (decision 024).
 */
export default function ReorderPanel({ items: initial, onDone }: { items: ReorderItem[]; onDone: () => void }) {
  const t = useTrans();
  const [items, setItems] = useState(initial);
  const fetcher = useFetcher();
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ "text/plain": items.find((item) => item.id === key)?.name ?? "" })),
    onReorder(event) {
      setItems((current) => {
        const moving = current.filter((item) => event.keys.has(item.id));
        const rest = current.filter((item) => !event.keys.has(item.id));
        const targetIndex = rest.findIndex((item) => item.id === event.target.key);
        const at = targetIndex < 0 ? rest.length : event.target.dropPosition === "before" ? targetIndex : targetIndex + 1;
        return [...rest.slice(0, at), ...moving, ...rest.slice(at)];
      });
    },
  });
  const saving = fetcher.state !== "idle";
  // Closes once the save has landed (closing at submit would unmount the form and cancel it).
  const sent = useRef(false);
  useEffect(() => {
    if (saving) sent.current = true;
    else if (sent.current) onDone();
  }, [saving, onDone]);
  return (
    <div className="px-4 py-3" data-testid="reorder-panel">
      <p className="text-sm text-muted">{t("Drag the titles into place, or focus one, press Enter, move it with the arrow keys and press Enter again.")}</p>
      <GridList aria-label={t("Titles in order")} items={items} dragAndDropHooks={dragAndDropHooks} className="mt-3 flex flex-col gap-1" data-testid="reorder-list">
        {(item) => (
          <GridListItem
            id={item.id}
            textValue={item.name}
            className="flex items-center gap-3 rounded-theme border border-divider bg-background px-3 py-2 text-sm outline-none data-[dragging]:opacity-50 data-[drop-target]:border-primary data-[focus-visible]:ring-2 data-[focus-visible]:ring-focus"
          >
            <Button slot="drag" aria-label={t("Drag :name", { name: item.name })} className="cursor-grab px-1 text-muted">
              ⠿
            </Button>
            <span className="min-w-0 flex-1 truncate" data-testid="reorder-item">
              {item.name} {item.year ? <span className="text-muted">({item.year})</span> : null}
            </span>
          </GridListItem>
        )}
      </GridList>
      <fetcher.Form method="post" className="mt-3 flex gap-2">
        <input type="hidden" name="intent" value="reorder" />
        {items.map((item) => (
          <input key={item.id} type="hidden" name="itemIds" value={item.id} />
        ))}
        <button type="submit" disabled={saving} className={buttonClasses({ variant: "filled", size: "sm" })} data-testid="save-order">
          {t("Save order")}
        </button>
        <button type="button" onClick={onDone} className={buttonClasses({ variant: "text", size: "sm" })}>
          {t("Cancel")}
        </button>
      </fetcher.Form>
    </div>
  );
}
