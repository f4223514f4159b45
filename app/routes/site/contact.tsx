import { Form } from "react-router";
import type { Route } from "./+types/contact";
import { HUMAN_CHECK_FIELD, humanCheckEnabled } from "~/auth/human-check.server";
import { rateLimitedReply } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { HumanCheckWidget } from "~/auth/ui/human-check-widget";
import { useTrans } from "~/i18n/translation-context";
import { CONTACT_MESSAGE_ROWS } from "~/constants";
import { CONTACT_HONEYPOT_FIELD, contactSchema } from "~/contact/schema";
import { submitContactMessage } from "~/contact/contact.server";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { FormErrors, SubmitButton, TextArea, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: loaderData?.title ?? siteTitle(matches, "Contact us") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const s = await authServices(context, request);
  return {
    title: `${app.t("Contact us")} - ${app.settings["branding.site_name"]}`,
    humanCheckSiteKey: humanCheckEnabled(app.settings, s.env, "contact") ? app.settings["recaptcha.site_key"] : null,
    // A signed-in visitor does not type their name and address again.
    defaults: app.user ? { name: app.user.displayName, email: app.user.email } : { name: "", email: "" },
  };
}

/**
 * /contact (spec sections 2 and 5): name, email, message; human check when
 * enabled; honeypot; rate limit. Works as a plain form post without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const formData = await request.formData().catch(() => new FormData());
  const submission = await parseFormSubmission(formData, contactSchema, app.t);
  if (submission.status !== "success") return invalidSubmission(submission, { status: 422 });
  const outcome = await submitContactMessage(await authServices(context, request), submission.value, formData.get(HUMAN_CHECK_FIELD));
  if (outcome.status === "rate-limited") return rateLimitedReply(app.t, submission, outcome.retryAfter);
  if (outcome.status === "human-check-failed") {
    return invalidSubmission(submission, { formErrors: [app.t("Could not verify you are human.")], status: 422 });
  }
  return redirectWithToast(request, "/contact", { message: app.t("Your message has been submitted."), type: "positive" }, { status: 303 });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: contactSchema, lastResult: actionData, id: "contact", defaultValue: loaderData.defaults });
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-2xl font-semibold text-foreground">{t("Contact us")}</h1>
      <p className="mt-2 text-muted">{t("Have a question or feedback? Send us a message and we will get back to you.")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-8 flex flex-col gap-5" data-testid="contact-form">
        <FormErrors form={form} />
        <TextField meta={fields.name} label={t("Name")} autoComplete="name" />
        <TextField meta={fields.email} label={t("Email")} type="email" autoComplete="email" />
        <TextArea meta={fields.message} label={t("Message")} rows={CONTACT_MESSAGE_ROWS} />
        {/* Spam trap: hidden from people and assistive technology, so only bots fill it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" type="text" name={CONTACT_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {loaderData.humanCheckSiteKey ? <HumanCheckWidget siteKey={loaderData.humanCheckSiteKey} action="contact" /> : null}
        <div>
          <SubmitButton>{t("Send")}</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
