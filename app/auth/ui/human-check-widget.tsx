import { useEffect } from "react";
import { useRootData } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";

/**
 * Cloudflare Turnstile, when the human check is on for this form. Its script
 * renders the challenge and adds the cf-turnstile-response field that the
 * server verifies. It needs JavaScript; without it the server refuses the
 * form with "Could not verify you are human.".
 */
export function HumanCheckWidget({ siteKey, action }: { siteKey: string; action: string }) {
  const t = useTrans();
  const { nonce } = useRootData();
  useEffect(() => {
    if (document.querySelector("script[data-turnstile]")) return;
    const script = document.createElement("script");
    script.src = "https://challenges.cloudflare.com/turnstile/v0/api.js";
    script.async = true;
    script.defer = true;
    script.dataset.turnstile = "1";
    if (nonce) script.nonce = nonce;
    document.head.appendChild(script);
  }, [nonce]);
  return (
    <div>
      <div className="cf-turnstile" data-sitekey={siteKey} data-action={action} data-testid="human-check" />
      <noscript>
        <p className="text-sm text-danger">{t("Please enable JavaScript to verify you are human.")}</p>
      </noscript>
    </div>
  );
}
