import { redirect } from "react-router";
import type { Route } from "./+types/rating";
import { requirePermission } from "~/auth/guards.server";
import { attempt, invalid, readForm } from "~/library/form-answer.server";
import { ratingFormSchema, withoutEmpty } from "~/library/schema";
import { removeRating, setRating } from "~/library/ratings.server";
import { getApp } from "~/request/context";

/** Nothing to show here: the star forms on title and episode pages post to this route. */
export function loader() {
  return redirect("/");
}

/** POST /library/rating: rate (1-10) or remove a rating of a title or an episode (ratings.create). */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  requirePermission(args, "ratings.create");
  const app = getApp(args.context);
  const userId = app.user!.id;
  const { fields, noJsBack } = await readForm(request);
  const parsed = ratingFormSchema.safeParse(withoutEmpty(fields));
  if (!parsed.success) return invalid(request, noJsBack, app.t, parsed.error);
  const input = parsed.data;
  return attempt(request, noJsBack, app.t, async () => {
    if (input.intent === "remove") {
      const result = await removeRating(app.db, userId, input);
      return { ok: true, message: app.t("Rating removed"), rating: null, average: result.average };
    }
    const result = await setRating(app.db, userId, input);
    return { ok: true, message: app.t("You rated :name :rating/10", { name: result.titleName, rating: input.rating }), rating: input.rating, average: result.average };
  });
}
