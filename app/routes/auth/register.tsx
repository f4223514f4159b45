import { Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/register";
import { guestOnly } from "~/auth/guards.server";
import { HUMAN_CHECK_FIELD, humanCheckEnabled } from "~/auth/human-check.server";
import { register } from "~/auth/registration.server";
import { rateLimitedReply } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { enabledSocialServices } from "~/auth/social/providers.server";
import { HumanCheckWidget } from "~/auth/ui/human-check-widget";
import { SocialButtons } from "~/auth/ui/social-buttons";
import { ACCEPT_POLICIES_FIELD, PERSON_NAME_MAX_LENGTH, registerSchema } from "~/auth/schema";
import { randomToken } from "~/auth/crypto.server";
import { REGISTRATION_BROWSER_COOKIE } from "~/auth/registration-browser";
import { REGISTRATION_LINK_TTL_S, USERNAME_MAX_LENGTH } from "~/constants";
import { serializeCookie } from "~/http/cookies";
import { useSettings } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { invitationProvesAddress } from "~/workspaces/invitations.server";
import { CheckboxField, FormErrors, PasswordField, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Create a new account") }];

export async function loader(args: Route.LoaderArgs) {
  const { request, context, url } = args;
  const app = getApp(context);
  if (app.settings["registration.disable"]) throw redirect(`/login${url.search}`);
  guestOnly(args);
  const s = await authServices(context, request);
  const lockedEmail = url.searchParams.get("email");
  return {
    workspace: url.pathname.includes("workspace"),
    fromPricing: url.searchParams.get("redirectFrom") === "pricing",
    lockedEmail: lockedEmail && lockedEmail.length <= 255 ? lockedEmail : null,
    policies: app.settings["registration.policies"],
    nameFields: app.settings["registration.name_fields"],
    socialServices: enabledSocialServices(app.settings, s.env),
    humanCheckSiteKey: humanCheckEnabled(app.settings, s.env, "register") ? app.settings["recaptcha.site_key"] : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (app.settings["registration.disable"]) return redirect("/login");
  const s = await authServices(context, request);
  const formData = await request.formData();
  const submission = await parseFormSubmission(formData, registerSchema(app.settings["registration.policies"], app.settings["registration.name_fields"]), app.t);
  if (submission.status !== "success") return invalidSubmission(submission);
  // A workspace invitation's link already proved the address: no second mail (decision 021).
  const addressProven = await invitationProvesAddress(app.db, s.keys, submission.value.redirect, submission.value.email);
  // This browser may finish from the mailed link without a click (decision 043): set for every accepted form alike.
  const browserNonce = randomToken(24);
  const outcome = await register(s, submission.value, formData.get(HUMAN_CHECK_FIELD), { addressProven, browserNonce });
  switch (outcome.status) {
    case "signed-in":
      return redirect(outcome.redirectTo, { status: 303, headers: outcome.headers });
    case "check-email":
      // The same answer for a new address and a taken one: no session, no toast, only the next step (decision 021).
      return redirect(`/register/sent?email=${encodeURIComponent(outcome.email)}`, {
        status: 303,
        headers: { "Set-Cookie": serializeCookie(request, REGISTRATION_BROWSER_COOKIE, browserNonce, { maxAge: REGISTRATION_LINK_TTL_S, path: "/register/finish" }) },
      });
    case "username-taken":
      return invalidSubmission(submission, { fieldErrors: { username: [app.t("That username is taken")] }, status: 422 });
    case "human-check-failed":
      return invalidSubmission(submission, { formErrors: [app.t("Could not verify you are human.")], status: 422 });
    case "rate-limited":
      return rateLimitedReply(app.t, submission, outcome.retryAfter);
    default:
      return redirect("/login");
  }
}

/**
 * The screen itself, as a named export: the homepage renders it when the
 * homepage type is the registration page (React Router wraps only the default export).
 */
export function RegisterPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const t = useTrans();
  const settings = useSettings();
  const [params] = useSearchParams();
  const schema = registerSchema(loaderData.policies, loaderData.nameFields);
  const [form, fields] = useAppForm({
    schema,
    lastResult: actionData,
    id: "register",
    defaultValue: { email: loaderData.lockedEmail ?? "" },
  });
  const heading = loaderData.workspace
    ? t("To join your team on :siteName, create an account", { siteName: settings.branding.site_name })
    : loaderData.fromPricing
      ? t("First, let's create your account")
      : t("Create a new account");
  const policyFields = fields as unknown as Record<string, typeof fields.email>;
  return (
    <>
      <h1 className="mb-6 text-xl font-semibold">{heading}</h1>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="register-form">
        {params.get("redirect") ? <input type="hidden" name="redirect" value={params.get("redirect") ?? ""} /> : null}
        <FormErrors form={form} />
        {loaderData.nameFields !== "off" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.first_name} label={t("First name")} autoComplete="given-name" maxLength={PERSON_NAME_MAX_LENGTH} />
            <TextField meta={fields.last_name} label={t("Last name")} autoComplete="family-name" maxLength={PERSON_NAME_MAX_LENGTH} />
          </div>
        ) : null}
        <TextField meta={fields.email} label={t("Email")} type="email" autoComplete="email" readOnly={Boolean(loaderData.lockedEmail)} />
        <TextField
          meta={fields.username}
          label={t("Username")}
          description={t("3 to 20 lowercase letters, digits or _. Your profile's address and the name others see.")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={USERNAME_MAX_LENGTH}
        />
        <PasswordField meta={fields.password} label={t("Password")} autoComplete="new-password" />
        {loaderData.policies.length ? (
          // The spec asks for an explicit acceptance of each policy: one checkbox naming them all (decision 043).
          <CheckboxField
            meta={policyFields[ACCEPT_POLICIES_FIELD]!}
            label={
              <span>
                {t("I agree to the")}{" "}
                {loaderData.policies.map((policy, i) => (
                  <span key={policy.id}>
                    {i > 0 ? (i === loaderData.policies.length - 1 ? ` ${t("and the")} ` : ", ") : null}
                    {policy.link ? (
                      <a href={policy.link} target="_blank" rel="noreferrer" className="font-medium text-primary underline underline-offset-2">
                        {t(policy.label)}
                      </a>
                    ) : (
                      t(policy.label)
                    )}
                  </span>
                ))}
              </span>
            }
          />
        ) : null}
        {loaderData.humanCheckSiteKey ? <HumanCheckWidget siteKey={loaderData.humanCheckSiteKey} action="register" /> : null}
        <SubmitButton fullWidth>{t("Create account")}</SubmitButton>
      </Form>
      <SocialButtons services={loaderData.socialServices} redirect={params.get("redirect")} />
      <p className="mt-6 text-center text-sm text-muted">
        {t("Already have an account?")}{" "}
        <Link to={loaderData.workspace ? `/workspace/join/login${params.size ? `?${params}` : ""}` : "/login"} className="font-medium text-primary hover:underline">
          {t("Sign in.")}
        </Link>
      </p>
    </>
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return <RegisterPage loaderData={loaderData} actionData={actionData} />;
}
