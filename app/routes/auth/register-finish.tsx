import { useEffect, useState } from "react";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/register-finish";
import { finishRegistration, registrationLinkIsValid } from "~/auth/registration.server";
import { authServices } from "~/auth/services.server";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { SubmitButton } from "~/ui/forms/fields";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Finish creating your account") }];

/**
 * /register/finish/:token, the link of the "finish creating your account"
 * mail. Opening it changes nothing (mail scanners open links too); the
 * button verifies the address, signs in and goes on to the page the person
 * was headed for, with a welcome toast.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const link = await registrationLinkIsValid(await authServices(context, request), params.token);
  return link ? { state: "valid" as const, email: link.email } : { state: "invalid" as const };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = getApp(context);
  const outcome = await finishRegistration(await authServices(context, request), params.token);
  if (outcome.status !== "signed-in") return redirect(`/register/finish/${encodeURIComponent(params.token)}`, { status: 303 });
  return redirectWithToast(request, outcome.redirectTo, { message: app.t("Welcome! Your account is ready.") }, { status: 303, headers: outcome.headers });
}

export default function RegisterFinish({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  // Marks the form once React runs (tests wait for it before clicking; without JavaScript the form posts as it is).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (loaderData.state === "invalid") {
    return (
      <div data-testid="register-finish-invalid">
        <h1 className="mb-2 text-xl font-semibold">{t("This link is no longer valid")}</h1>
        <p className="mb-6 text-sm text-muted">{t("It may have been used already or have expired. Register again to get a new link, or sign in.")}</p>
        <p className="text-center text-sm text-muted">
          <Link to="/register" className="font-medium text-primary hover:underline">
            {t("Sign up.")}
          </Link>
          {" · "}
          <Link to="/login" className="font-medium text-primary hover:underline">
            {t("Back to sign in")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t("Finish creating your account")}</h1>
      <p className="mb-6 text-sm text-muted">{t("Confirm :email as your address and sign in.", { email: loaderData.email })}</p>
      <Form method="post" data-testid="register-finish-form" data-hydrated={hydrated ? "true" : undefined}>
        <SubmitButton fullWidth>{t("Finish creating my account")}</SubmitButton>
      </Form>
    </>
  );
}
