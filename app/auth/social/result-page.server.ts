import { redirect, type RouterContextProvider } from "react-router";
import { getApp, getWorker } from "~/request/context";
import { flashToastCookie } from "~/toasts/flash.server";
import { escapeHtml } from "~/mail/templates";
import type { SocialAuthMessage } from "./services";
import type { SocialResult } from "./social-auth.server";

/**
 * How a social result reaches the visitor. In the popup: a tiny page that
 * posts a "social-auth" message to the opener, only to our own origin, and
 * closes. On the whole page (no JavaScript): a redirect, with a danger toast
 * for errors and the password form for REQUEST_PASSWORD.
 */
export function socialResultResponse(context: Readonly<RouterContextProvider>, request: Request, result: SocialResult, popup: boolean) {
  const app = getApp(context);
  const headers = new Headers(result.headers);
  if (!popup) {
    if (result.status === "ERROR") {
      headers.append("Set-Cookie", flashToastCookie(request, { type: "danger", message: result.errorMessage || app.t("An error occurred. Please try again later") }));
    }
    return redirect(result.redirectTo, { headers });
  }
  const origin = new URL(request.url).origin;
  const message: SocialAuthMessage = {
    type: "social-auth",
    status: result.status,
    redirectTo: result.redirectTo,
    ...(result.errorMessage ? { errorMessage: result.errorMessage } : {}),
  };
  const nonce = getWorker(context).nonce;
  // JSON inside a script: escape "<" so no value can close the tag.
  const payload = JSON.stringify(message).replace(/</g, "\\u003c");
  const html = `<!doctype html><html lang="${escapeHtml(app.language)}"><head><meta charset="utf-8"><title>${escapeHtml(app.t("Signing in…"))}</title></head>
<body><p>${escapeHtml(app.t("You can close this window."))}</p>
<script nonce="${escapeHtml(nonce)}">
(function () {
  var message = ${payload};
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, ${JSON.stringify(origin)});
    window.close();
  } else {
    window.location.replace(message.status === "REQUEST_PASSWORD" ? "/login?social=connect" : message.redirectTo || "/");
  }
})();
</script></body></html>`;
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  // The popup went through the provider's site; keep its link to the opener.
  headers.set("Cross-Origin-Opener-Policy", "unsafe-none");
  return new Response(html, { status: 200, headers });
}
