import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router's own client entry, except that it waits for the whole
 * document: its module script is async, so with the chunks cached it can run
 * before the parser reaches the page's lines at the end of the body
 * (app/i18n/page-lines.server.ts), and the shell would hydrate in English
 * over a translated document.
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hydrate, { once: true });
else hydrate();
