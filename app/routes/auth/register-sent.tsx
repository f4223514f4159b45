import { Link } from "react-router";
import type { Route } from "./+types/register-sent";
import { REGISTRATION_LINK_TTL_S } from "~/constants";
import { useTrans } from "~/i18n/translation-context";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Check your email") }];

/**
 * Where every accepted registration form lands (decision 021): the
 * same page whether the address was new or already had an account. It only
 * repeats the address from the query; it reads and changes nothing.
 */
export function loader({ url }: Route.LoaderArgs) {
  const email = url.searchParams.get("email");
  return { email: email && email.length <= 255 ? email : null, hours: Math.round(REGISTRATION_LINK_TTL_S / 3600) };
}

export default function RegisterSent({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  return (
    <div data-testid="register-sent">
      <h1 className="mb-2 text-xl font-semibold">{t("Check your email")}</h1>
      <p role="status" className="mb-4 text-sm">
        {loaderData.email ? t("We sent a link to :email to finish creating your account.", { email: loaderData.email }) : t("We sent you a link to finish creating your account.")}
      </p>
      <p className="mb-6 text-sm text-muted">
        {t("The link works for :hours hours. If the email does not arrive, check your spam folder, or register again to get a new link.", { hours: loaderData.hours })}
      </p>
      <p className="text-center text-sm text-muted">
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t("Back to sign in")}
        </Link>
      </p>
    </div>
  );
}
