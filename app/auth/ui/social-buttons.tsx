import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { SOCIAL_POPUP_HEIGHT_PX, SOCIAL_POPUP_WIDTH_PX } from "~/constants";
import { toast } from "~/toasts/toast-store";
import { buttonClasses } from "~/ui/button-styles";
import { Dialog, Modal } from "~/ui/dialog";
import { PasswordField, SubmitButton } from "~/ui/forms/fields";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { useHydrated } from "~/ui/use-hydrated";
import { confirmPasswordSchema } from "../schema";
import { SOCIAL_SERVICE_LABELS, type SocialAuthMessage, type SocialService } from "../social/services";

/**
 * Social sign-in buttons. Without JavaScript each is a link: the whole page
 * goes to the provider and comes back. With it, the provider opens in a
 * 550 x 650 popup whose result arrives as a "social-auth" message, accepted
 * only from this site's own origin.
 */
export function SocialButtons({ services, redirect }: { services: SocialService[]; redirect?: string | null }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const [askPassword, setAskPassword] = useState(false);
  const baseUrl = useBootstrap().settings.base_url;
  const compact = useBootstrap().settings.social.compact_buttons;
  const popupRef = useRef<Window | null>(null);

  useEffect(() => {
    if (!hydrated) return;
    const origin = new URL(baseUrl).origin;
    function onMessage(event: MessageEvent) {
      const message = event.data as SocialAuthMessage | null;
      if (event.origin !== origin || !message || message.type !== "social-auth") return;
      handleSocialResult(message, { askPassword: () => setAskPassword(true), t });
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [hydrated, baseUrl, t]);

  if (services.length === 0) return null;
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : "";
  return (
    <div className="mt-6" data-testid="social-buttons">
      <div className="relative my-4 text-center text-xs text-muted before:absolute before:inset-x-0 before:top-1/2 before:border-t before:border-divider">
        <span className="relative bg-elevated px-2">{t("or continue with")}</span>
      </div>
      <div className={compact ? "flex justify-center gap-2" : "flex flex-col gap-2"}>
        {services.map((service) => {
          const href = `/secure/auth/social/${service}/login${query}`;
          return (
            <a
              key={service}
              href={href}
              data-testid={`social-${service}`}
              className={buttonClasses({ variant: "outlined", color: "neutral", fullWidth: !compact })}
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                popupRef.current = openSocialPopup(`${href}${query ? "&" : "?"}popup=1`);
                if (!popupRef.current) window.location.assign(href);
              }}
            >
              {compact ? SOCIAL_SERVICE_LABELS[service] : t("Continue with :service", { service: SOCIAL_SERVICE_LABELS[service] })}
            </a>
          );
        })}
      </div>
      <SocialPasswordModal isOpen={askPassword} onOpenChange={setAskPassword} />
    </div>
  );
}

export function openSocialPopup(url: string) {
  const left = Math.max(0, window.screenX + (window.outerWidth - SOCIAL_POPUP_WIDTH_PX) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - SOCIAL_POPUP_HEIGHT_PX) / 2);
  return window.open(url, "social-auth", `width=${SOCIAL_POPUP_WIDTH_PX},height=${SOCIAL_POPUP_HEIGHT_PX},left=${left},top=${top}`);
}

export function handleSocialResult(message: SocialAuthMessage, { askPassword, t }: { askPassword: () => void; t: (k: string) => string }) {
  switch (message.status) {
    case "SUCCESS":
    case "ALREADY_LOGGED_IN":
      // A full load: the page, the navbar and the bootstrap data all change with the user.
      window.location.assign(message.redirectTo ?? "/");
      return;
    case "REQUEST_PASSWORD":
      askPassword();
      return;
    default:
      toast.danger(message.errorMessage || t("An error occurred. Please try again later"));
  }
}

/** "Password required": connects the provider to the existing account with the same e-mail address. */
export function SocialPasswordModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTrans();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable size="sm">
      <Dialog title={t("Password required")}>{() => <SocialPasswordForm />}</Dialog>
    </Modal>
  );
}

export function SocialPasswordForm() {
  const t = useTrans();
  const fetcher = useFetcher<{ redirectTo?: string } & Record<string, unknown>>();
  const [form, fields] = useAppForm({ schema: confirmPasswordSchema, lastResult: fetcher.data, id: "social-connect" });
  useEffect(() => {
    if (fetcher.data?.redirectTo) window.location.assign(fetcher.data.redirectTo);
  }, [fetcher.data]);
  return (
    <fetcher.Form method="post" action="/secure/auth/social/connect" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="social-password-form">
      <p className="text-sm text-muted">{t("An account with this email address already exists. If you want to connect the two accounts, enter existing account password.")}</p>
      <NoJsRedirect />
      <PasswordField meta={fields.password} label={t("Password")} autoComplete="current-password" autoFocus />
      <SubmitButton isPending={fetcher.state !== "idle"} fullWidth>
        {t("Connect")}
      </SubmitButton>
    </fetcher.Form>
  );
}
