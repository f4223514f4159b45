import { z } from "zod";
import { LIST_DESCRIPTION_MAX_LENGTH, LIST_MAX_ITEMS, LIST_NAME_MAX_LENGTH, LIST_NOTE_MAX_LENGTH } from "~/constants";

/**
 * List input, one schema per thing for the pages (forms, with and without
 * JavaScript) and api/v1 (JSON; the OpenAPI document is built from these).
 */

export const listNameField = z
  .string({ error: "Enter a name for the list." })
  .trim()
  .min(1, "Enter a name for the list.")
  .max(LIST_NAME_MAX_LENGTH, `The name may not be longer than ${LIST_NAME_MAX_LENGTH} characters.`);

export const listDescriptionField = z.string().trim().max(LIST_DESCRIPTION_MAX_LENGTH, `The description may not be longer than ${LIST_DESCRIPTION_MAX_LENGTH} characters.`);

export const listNoteField = z.string().trim().max(LIST_NOTE_MAX_LENGTH, `The note may not be longer than ${LIST_NOTE_MAX_LENGTH} characters.`);

/** A checkbox (form: "on" when ticked, absent otherwise) or a JSON boolean. */
const visibilityField = z
  .union([z.boolean(), z.enum(["on", "true", "1", "false", "0"])])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true" || value === "1");

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

export const workspaceIdField = z.coerce.number({ error: "Choose a workspace." }).int("Choose a workspace.").min(0, "Choose a workspace.").max(Number.MAX_SAFE_INTEGER, "Choose a workspace.");

/** Create a list; `workspaceId` 0 (or none) makes it personal. */
export const createListSchema = z.object({
  name: listNameField,
  description: listDescriptionField.default(""),
  public: visibilityField,
  workspaceId: workspaceIdField.default(0),
});

/** Rename, describe, make public or private. */
export const updateListSchema = z.object({
  name: listNameField,
  description: listDescriptionField.default(""),
  public: visibilityField,
});

export const addItemSchema = z.object({
  titleId: positiveId("Choose a title."),
  note: listNoteField.default(""),
});

/**
 * api/v1's add-item body: `title_id`, snake_case like the rest of api/v1
 * (decision 036). `titleId`, what this call took before, is still accepted
 * for one release (deprecated in the document).
 */
export const addItemApiSchema = z
  .object({
    title_id: positiveId("Choose a title.").optional(),
    titleId: positiveId("Choose a title.").optional().meta({ deprecated: true, description: "Deprecated: use title_id (accepted until the next release)." }),
    note: listNoteField.default(""),
  })
  .superRefine((value, ctx) => {
    if (value.title_id === undefined && value.titleId === undefined) ctx.addIssue({ code: "custom", path: ["title_id"], message: "Choose a title." });
  })
  .transform((value) => ({ titleId: (value.title_id ?? value.titleId)!, note: value.note }));

/**
 * api/v1's create-list body: `workspace_id`, snake_case like the rest of api/v1 (decision 036).
 * `workspaceId`, what this call took before, is still accepted for one release (deprecated in the document).
 */
export const createListApiSchema = z
  .object({
    name: listNameField,
    description: listDescriptionField.default(""),
    public: visibilityField,
    workspace_id: workspaceIdField.optional(),
    workspaceId: workspaceIdField.optional().meta({ deprecated: true, description: "Deprecated: use workspace_id (accepted until the next release)." }),
  })
  .transform(({ workspace_id, workspaceId, ...rest }) => ({ ...rest, workspaceId: workspace_id ?? workspaceId ?? 0 }));

export const itemNoteSchema = z.object({ note: listNoteField.default("") });

export const itemIdField = positiveId("Choose an item of this list.");

export const moveItemSchema = z.object({
  itemId: itemIdField,
  direction: z.enum(["up", "down"], { error: "Choose up or down." }),
});

const itemOrderField = z
  .array(itemIdField, { error: "Give the list's item ids in their new order." })
  .min(1, "Give the list's item ids in their new order.")
  .max(LIST_MAX_ITEMS, `A list holds at most ${LIST_MAX_ITEMS} titles.`);

/** The new order: item ids, first to last (ids left out keep their order after these). */
export const reorderSchema = z.object({ itemIds: itemOrderField });

/** api/v1's reorder body: `item_ids` (decision 036); `itemIds` still accepted for one release (deprecated). */
export const reorderApiSchema = z
  .object({
    item_ids: itemOrderField.optional(),
    itemIds: itemOrderField.optional().meta({ deprecated: true, description: "Deprecated: use item_ids (accepted until the next release)." }),
  })
  .superRefine((value, ctx) => {
    if (value.item_ids === undefined && value.itemIds === undefined) ctx.addIssue({ code: "custom", path: ["item_ids"], message: "Give the list's item ids in their new order." });
  })
  .transform((value) => ({ itemIds: (value.item_ids ?? value.itemIds)! }));
