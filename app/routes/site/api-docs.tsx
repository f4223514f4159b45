import { useEffect, useRef, useState } from "react";
import { data } from "react-router";
// The reference UI's self-contained browser build, emitted by Vite as one of
// our own hashed assets (nothing is loaded from a CDN). Imported by path: the
// package's exports do not list its browser bundle.
import scalarStandaloneUrl from "../../../node_modules/@scalar/api-reference/dist/browser/standalone.js?url";
import type { Route } from "./+types/api-docs";
import { requirePermission } from "~/auth/guards.server";
import { useRootData } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { Spinner } from "~/ui/spinner";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: loaderData?.title ?? siteTitle(matches, "API") }];

/** /api-docs: only while the API is integrated, for users with api.access. */
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

let scalarScript: Promise<ScalarGlobal> | null = null;

/** Adds the reference UI's script once per page (with this page's nonce) and resolves when it has run. */
function loadScalar(nonce: string | undefined): Promise<ScalarGlobal> {
  const ready = () => (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
  scalarScript ??= new Promise<ScalarGlobal>((resolve, reject) => {
    const existing = ready();
    if (existing) return resolve(existing);
    const script = document.createElement("script");
    script.src = scalarStandaloneUrl;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.addEventListener("load", () => {
      const scalar = ready();
      if (scalar) resolve(scalar);
      else reject(new Error("The API reference script did not start."));
    });
    script.addEventListener("error", () => reject(new Error("The API reference script could not be loaded.")));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    scalarScript = null;
    throw error;
  });
  return scalarScript;
}

/**
 * Renders the OpenAPI document with Scalar's API reference. The script is
 * added from here (trusted through the page's nonce and 'strict-dynamic'),
 * with its default web fonts off so nothing is fetched from elsewhere. The
 * spinner stays until the reference has put its content on the page.
 */
export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { nonce } = useRootData();
  // The nonce changes whenever the root loader runs again; only the first one is needed, to add the script.
  const firstNonce = useRef(nonce);
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    const element = mount.current;
    if (!element) return;
    let instance: { destroy(): void } | null = null;
    let cancelled = false;
    const rendered = new MutationObserver(() => {
      if (element.childElementCount > 0) setState("ready");
    });
    rendered.observe(element, { childList: true });
    loadScalar(firstNonce.current)
      .then((scalar) => {
        if (cancelled) return;
        instance = scalar.createApiReference(element, {
          url: loaderData.specUrl,
          withDefaultFonts: false,
          hideClientButton: true,
          showDeveloperTools: "never",
          telemetry: false,
          darkMode: document.documentElement.classList.contains("dark"),
          hideDarkModeToggle: true,
          // No "Ask AI" (Scalar's hosted agent) and no "Generate MCP" (its hosted MCP server): both send the
          // reference to Scalar's service, which this site does not use (decision 031).
          agent: { disabled: true },
          mcp: { disabled: true },
        });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
      rendered.disconnect();
      instance?.destroy();
    };
  }, [loaderData.specUrl]);

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
