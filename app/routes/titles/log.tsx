import { DomainError, domainErrorMessage } from "~/http/domain-error";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/log";
import { requirePermission } from "~/auth/guards.server";
import { parseId } from "~/catalogue/access.server";
import { titlePath } from "~/http/slug";
import { reviewPath } from "~/http/review-paths";
import { communityServices } from "~/community/services.server";
import { useTrans } from "~/i18n/translation-context";
import { logFormSchema } from "~/library/log.schema";
import { logPageData, logTitle } from "~/library/log.server";
import { withoutEmpty } from "~/library/schema";
import { LogFields, LogSubmit, type LogFormValues } from "~/library/ui/log-form";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";

/**
 * /titles/{id}/{slug}/log (decision 030): log a movie — the day, a rating,
 * rewatch, a review — as a plain page that works without JavaScript. The
 * title page's Log dialog posts to this action too. A guest signs in first
 * and comes back here.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.heading} - ${loaderData.siteName}` : "Log" }, { name: "robots", content: "noindex" }];

async function loadFor(args: Route.LoaderArgs | Route.ActionArgs) {
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const id = parseId(args.params.id);
  const found = await logPageData(app.db, app.user!.id, id);
  if (found?.title.type !== "movie") throw data(null, { status: 404 });
  return { app, found };
}

export async function loader(args: Route.LoaderArgs) {
  const { app, found } = await loadFor(args);
  const { title } = found;
  if (args.params.slug !== title.slug) throw redirect(`${titlePath(title)}/log`, 301);
  return {
    ...found,
    path: titlePath(title),
    ownReviewPath: found.ownReviewId ? reviewPath(title, found.ownReviewId) : null,
    heading: app.t("Log :name", { name: title.year ? `${title.name} (${title.year})` : title.name }),
    siteName: app.settings["branding.site_name"],
  };
}

/** A refusal's field as the log form names it. */
const LOG_FORM_FIELDS: Record<string, string> = { titleId: "titleId", episodeId: "episodeId", body: "review", score: "rating" };

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { app, found } = await loadFor(args);
  const formData = await request.formData().catch(() => new FormData());
  const fields = Object.fromEntries([...formData].filter(([, value]) => typeof value === "string")) as Record<string, string>;
  const values: LogFormValues = {
    watchedOn: fields.watchedOn,
    rating: fields.rating,
    rewatch: fields.rewatch === "true",
    spoiler: fields.spoiler === "true",
    headline: fields.headline?.slice(0, 500),
    review: fields.review?.slice(0, 20_000),
  };
  const fail = (status: number, errors: Record<string, string[]>) => data({ ok: false as const, errors, values }, { status });
  const parsed = logFormSchema.safeParse({ ...withoutEmpty(fields), titleId: found.title.id });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(app.t(issue.message));
    return fail(422, errors);
  }
  try {
    const result = await logTitle(communityServices(args.context, request), app.user!.id, parsed.data, fields["cf-turnstile-response"]);
    const message =
      result.reviewStatus === "held" ? app.t("Logged :name; your review is waiting for a moderator's approval.", { name: result.titleName }) : app.t("Logged :name", { name: result.titleName });
    return redirectWithToast(request, titlePath(found.title), { type: "positive", message }, { status: 303 });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // The title and episode are the library's fields; a review's body and score are the form's review and rating.
    const field = error.field ? (LOG_FORM_FIELDS[error.field] ?? "form") : "form";
    return fail(error.status, { [field]: [domainErrorMessage(app.t, error)] });
  }
}

export default function LogPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const navigation = useNavigation();
  const { title, path } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6" data-testid="log-page">
      <p className="text-sm">
        <Link to={path} className="text-primary hover:underline">
          ← {title.name}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-foreground">{loaderData.heading}</h1>
      <Form method="post" className="mt-6" data-testid="log-form">
        <LogFields
          titleId={title.id}
          rating={loaderData.rating}
          timesWatched={loaderData.timesWatched}
          ownReviewPath={loaderData.ownReviewPath}
          keepOnWatchlist={loaderData.keepOnWatchlist}
          values={failed?.values}
          errors={failed?.errors}
          footer={
            <div className="flex items-center gap-4">
              <LogSubmit pending={navigation.state === "submitting"} />
              <Link to={path} className="text-sm text-primary hover:underline">
                {t("Cancel")}
              </Link>
            </div>
          }
        />
      </Form>
    </div>
  );
}
