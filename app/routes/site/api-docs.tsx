import { useEffect, useRef, useState } from "react";
import { data } from "react-router";
// The reference UI's self-contained browser build, emitted by Vite as one of
// our own hashed assets (nothing is loaded from a CDN). Imported by path: the
// package's exports do not list its browser bundle.
import scalarStandaloneUrl from "../../../node_modules/@scalar/api-reference/dist/browser/standalone.js?url";
import type { Route } from "./+types/api-docs";
import { requirePermission } from "~/auth/guards.server";
import { useRootData, useTrans } from "~/bootstrap/use-bootstrap";
import { getApp } from "~/request/context";
import { Spinner } from "~/ui/spinner";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "API" }];

/** /api-docs (spec section 2): only while the API is integrated, for users with api.access. */
export async function loader(args: Route.LoaderArgs) {
  const app = getApp(args.context);
  if (!app.settings["api.integrated"]) throw data(null, { status: 404 });
  requirePermission(args, "api.access");
  return {
    title: `${app.t("API reference")} - ${app.settings["branding.site_name"]}`,
    specUrl: "/api/v1/openapi.json",
  };
}

interface ScalarGlobal {
  createApiReference(element: Element, configuration: Record<string, unknown>): { destroy(): void };
}

/**
 * Renders the OpenAPI document with Scalar's API reference. The script is
 * added from here (trusted through the page's nonce and 'strict-dynamic'),
 * with its default web fonts off so nothing is fetched from elsewhere.
 */
export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { nonce } = useRootData();
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let instance: { destroy(): void } | null = null;
    let cancelled = false;
    const start = () => {
      const scalar = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
      if (cancelled || !scalar || !mount.current) return;
      instance = scalar.createApiReference(mount.current, {
        url: loaderData.specUrl,
        withDefaultFonts: false,
        hideClientButton: true,
        showDeveloperTools: "never",
        telemetry: false,
        darkMode: document.documentElement.classList.contains("dark"),
        hideDarkModeToggle: true,
      });
      setState("ready");
    };
    let script = document.querySelector<HTMLScriptElement>("script[data-api-reference]");
    if (!script) {
      script = document.createElement("script");
      script.src = scalarStandaloneUrl;
      script.async = true;
      script.dataset.apiReference = "1";
      if (nonce) script.nonce = nonce;
      document.head.appendChild(script);
    }
    if ((window as unknown as { Scalar?: ScalarGlobal }).Scalar) start();
    else {
      script.addEventListener("load", start, { once: true });
      script.addEventListener("error", () => setState("failed"), { once: true });
    }
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, [loaderData.specUrl, nonce]);

  return (
    <main className="min-h-dvh bg-background" data-testid="api-docs">
      {state === "loading" ? (
        <div className="flex justify-center py-24" aria-live="polite">
          <Spinner />
          <span className="sr-only">{t("Loading the API reference...")}</span>
        </div>
      ) : null}
      {state === "failed" ? (
        <p className="py-24 text-center text-muted">
          {t("The API reference could not be loaded.")}{" "}
          <a className="text-primary hover:underline" href={loaderData.specUrl}>
            {t("Open the OpenAPI document")}
          </a>
        </p>
      ) : null}
      <div ref={mount} />
      <noscript>
        <p className="py-24 text-center">
          <a href={loaderData.specUrl}>{t("Open the OpenAPI document")}</a>
        </p>
      </noscript>
    </main>
  );
}
