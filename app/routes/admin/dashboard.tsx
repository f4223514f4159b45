import { data, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { requireAdmin } from "~/admin/access.server";
import { loadDashboard } from "~/admin/dashboard.server";
import { BarChart } from "~/admin/ui/bar-chart";
import { AdminPageHeader, AdminSection, Badge } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { appUrlMissing } from "~/http/site-origin.server";
import { getWorker } from "~/request/context";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Dashboard") }];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args);
  const dashboard = await loadDashboard(admin.app.db);
  return {
    ...dashboard,
    latestUsers: dashboard.latestUsers.map((user) => ({
      id: user.id,
      email: user.email,
      name: user.displayName || [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email.split("@")[0],
      createdAt: user.createdAt.toISOString(),
      verified: user.emailVerifiedAt !== null,
    })),
    canSeeUsers: admin.can("users.view") || admin.can("users.update"),
    // A deployed Worker without APP_URL sends no mail with links (decision 021): say so where admins look first.
    appUrlMissing: appUrlMissing(getWorker(args.context).env as { APP_URL?: string; APP_ENV?: string }),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { relative, language } = useDates();
  const { counts } = loaderData;
  const cards = [
    { label: "Titles", value: counts.titles, to: "/admin/titles" },
    { label: "People", value: counts.people, to: "/admin/people" },
    { label: "Users", value: counts.users, to: "/admin/users" },
    { label: "Active subscriptions", value: counts.activeSubscriptions, to: "/admin/subscriptions" },
  ];
  return (
    <>
      <AdminPageHeader title={t("Dashboard")} description={t("What is happening on the site.")} />
      {loaderData.appUrlMissing ? (
        <p role="alert" className="mb-6 rounded-theme border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-foreground" data-testid="app-url-missing">
          {t("APP_URL is not set: mails that carry links (sign-up, password reset, invitations, notifications) are not sent. Set APP_URL to the site's address and deploy again.")}
        </p>
      ) : null}
      <ul className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="dashboard-counts">
        {cards.map((card) => (
          <li key={card.label} className="rounded-theme border border-divider bg-elevated p-5">
            <p className="text-sm text-muted">{t(card.label)}</p>
            <p className="mt-1 text-3xl font-semibold text-foreground" data-testid={`count-${card.label.toLowerCase().replace(/\s+/g, "-")}`}>
              {card.value.toLocaleString(language)}
            </p>
            <Link to={card.to} className="mt-2 inline-block text-xs text-primary hover:underline">
              {t("Open")}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mb-6 grid gap-4 lg:grid-cols-2">
        <AdminSection>
          <BarChart label={t("Sign-ups per day")} series={loaderData.signups} language={language} />
        </AdminSection>
        <AdminSection>
          <BarChart label={t("Video plays per day")} series={loaderData.plays} language={language} />
        </AdminSection>
      </div>
      <AdminSection title={t("Latest sign-ups")} id="latest-signups">
        {loaderData.latestUsers.length === 0 ? (
          <p className="text-sm text-muted">{t("Nobody has signed up yet.")}</p>
        ) : (
          <ul className="divide-y divide-divider" data-testid="latest-signups">
            {loaderData.latestUsers.map((user) => (
              <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0">
                  {loaderData.canSeeUsers ? (
                    <Link to={`/admin/users/${user.id}`} className="font-medium text-foreground hover:underline">
                      {user.name}
                    </Link>
                  ) : (
                    <span className="font-medium text-foreground">{user.name}</span>
                  )}
                  <span className="ml-2 text-muted">{user.email}</span>
                </span>
                <span className="flex items-center gap-2">
                  {user.verified ? null : <Badge tone="warning">{t("Not verified")}</Badge>}
                  <span className="text-xs text-muted">{relative(user.createdAt)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
    </>
  );
}

/** Nothing to post here: refused like every admin action (the walk test posts to every route). */
export function action(args: Route.ActionArgs) {
  requireAdmin(args);
  throw data(null, { status: 405, headers: { Allow: "GET" } });
}
