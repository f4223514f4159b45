import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { changedFields, newRowId, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import { themes } from "./tables";
import { themeValueProblem } from "./theme-variables";

/**
 * Themes as the appearance editor saves them: every theme's name, light or
 * dark, default flags and variable values, checked value by value (a colour
 * must be a colour), plus new and deleted themes. Returns statements for the
 * caller's batch (saved together with the editor's settings), or errors
 * keyed "themes.<index>.<field>" that the editor puts beside the field.
 */
export const themeInputSchema = z.object({
  /** Existing theme id; absent for a theme created in the editor. */
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(60),
  isDark: z.boolean(),
  defaultLight: z.boolean(),
  defaultDark: z.boolean(),
  values: z.record(z.string().max(80), z.string().max(400)),
});
export type ThemeInput = z.infer<typeof themeInputSchema>;

export type ThemeChanges = { ok: true; statements: Statement[]; changed: boolean } | { ok: false; errors: Record<string, string[]> };

export async function themeChanges(db: Database, input: ThemeInput[], deletedIds: number[], record?: ChangeRecorder): Promise<ThemeChanges> {
  const errors: Record<string, string[]> = {};
  input.forEach((theme, index) => {
    for (const [name, value] of Object.entries(theme.values)) {
      const problem = themeValueProblem(name, value);
      if (problem) errors[`themes.${index}.values.${name}`] = [problem];
    }
    if (theme.defaultLight && theme.isDark) errors[`themes.${index}.defaultLight`] = ["A dark theme cannot be the default light theme."];
    if (theme.defaultDark && !theme.isDark) errors[`themes.${index}.defaultDark`] = ["A light theme cannot be the default dark theme."];
  });
  const existing = await db.select().from(themes);
  const byId = new Map(existing.map((t) => [t.id, t]));
  input.forEach((theme, index) => {
    if (theme.id !== undefined && !byId.has(theme.id)) errors[`themes.${index}.name`] = ["This theme no longer exists."];
  });
  const remaining = existing.filter((t) => !deletedIds.includes(t.id)).length + input.filter((t) => t.id === undefined).length;
  if (remaining === 0) errors.themes = ["Keep at least one theme."];
  if (input.filter((t) => t.defaultLight).length > 1) errors.themes = ["Only one theme can be the default light theme."];
  if (input.filter((t) => t.defaultDark).length > 1) errors.themes = ["Only one theme can be the default dark theme."];
  if (Object.keys(errors).length) return { ok: false, errors };

  const statements: Statement[] = [];
  const doomed = existing.filter((t) => deletedIds.includes(t.id));
  if (doomed.length) {
    statements.push(
      db.delete(themes).where(
        inArray(
          themes.id,
          doomed.map((t) => t.id),
        ),
      ),
    );
    if (record) for (const theme of doomed) statements.push(record({ subjectId: theme.id, label: theme.name, before: { name: theme.name, values: theme.values }, after: null }));
  }
  // A new default replaces the old one everywhere else.
  if (input.some((t) => t.defaultLight)) statements.push(db.update(themes).set({ defaultLight: false }));
  if (input.some((t) => t.defaultDark)) statements.push(db.update(themes).set({ defaultDark: false }));
  for (const theme of input) {
    const values = { name: theme.name, isDark: theme.isDark, defaultLight: theme.defaultLight, defaultDark: theme.defaultDark, values: theme.values };
    if (theme.id === undefined) {
      statements.push(db.insert(themes).values(values));
      if (record) statements.push(record({ subjectId: newRowId, label: theme.name, before: null, after: values }));
      continue;
    }
    const current = byId.get(theme.id)!;
    const diff = changedFields(current, values);
    // Default flags were cleared above for every row: write each theme's own again.
    statements.push(
      db
        .update(themes)
        .set({ ...values, updatedAt: diff.changed ? new Date() : current.updatedAt })
        .where(eq(themes.id, theme.id)),
    );
    if (diff.changed && record) statements.push(record({ subjectId: theme.id, label: theme.name, before: diff.before, after: diff.after }));
  }
  const changed =
    doomed.length > 0 ||
    input.some((t) => t.id === undefined || changedFields(byId.get(t.id)!, { name: t.name, isDark: t.isDark, defaultLight: t.defaultLight, defaultDark: t.defaultDark, values: t.values }).changed);
  return { ok: true, statements, changed };
}
