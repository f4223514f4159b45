import { useEffect, useState } from "react";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/register-finish";
import { finishRegistration, registrationLinkIsValid } from "~/auth/registration.server";
import { REGISTRATION_BROWSER_COOKIE } from "~/auth/registration-browser";
import { authServices } from "~/auth/services.server";
import { readCookie, serializeCookie } from "~/http/cookies";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { SubmitButton } from "~/ui/forms/fields";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Finish creating your account") }];

/**
 * /register/finish/:token, the link of the "finish creating your account"
 * mail. Opened in the browser that registered (its nonce cookie matches),
 * it finishes at once: no extra click (decision 043). Anywhere else opening
 * it changes nothing (mail scanners open links too); the button verifies the
 * address, signs in and goes on to the page the person was headed for, with
 * a welcome toast.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const s = await authServices(context, request);
  const link = await registrationLinkIsValid(s, params.token, readCookie(request, REGISTRATION_BROWSER_COOKIE));
  if (!link) return { state: "invalid" as const };
  if (link.sameBrowser) {
    const done = await finish(request, context, params.token);
    if (done) throw done;
  }
  return { state: "valid" as const, email: link.email };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return (await finish(request, context, params.token)) ?? redirect(`/register/finish/${encodeURIComponent(params.token)}`, { status: 303 });
}

async function finish(request: Request, context: Route.ActionArgs["context"], token: string) {
  const app = getApp(context);
  const outcome = await finishRegistration(await authServices(context, request), token);
  if (outcome.status !== "signed-in") return null;
  outcome.headers.append("Set-Cookie", serializeCookie(request, REGISTRATION_BROWSER_COOKIE, "", { maxAge: 0, path: "/register/finish" }));
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
