import type { Route } from "./+types/checkout-cancel";
import { requireUser } from "~/auth/guards.server";
import { idParam, requireBillingEnabled } from "~/billing/route-guards.server";
import { useTrans } from "~/i18n/translation-context";
import { ButtonLink } from "~/ui/button";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Checkout cancelled") }];

/** Where the provider sends a user who left the checkout without paying. */
export function loader(args: Route.LoaderArgs) {
  requireBillingEnabled(args.context);
  requireUser(args);
  return { productId: idParam(args.params.productId), priceId: idParam(args.params.priceId) };
}

export default function CheckoutCancel({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="checkout-cancelled">
      <h1 className="text-2xl font-semibold text-foreground">{t("Checkout cancelled")}</h1>
      <p className="mt-3 text-muted">{t("You have not been charged. You can pick a plan whenever you are ready.")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={`/checkout/${loaderData.productId}/${loaderData.priceId}`}>{t("Try again")}</ButtonLink>
        <ButtonLink to="/pricing" variant="outlined" color="neutral">
          {t("See plans")}
        </ButtonLink>
      </div>
    </section>
  );
}
