import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import type { Localization } from "~/i18n/i18n.server";
import type { Translate } from "~/i18n/translate";
import type { Settings } from "~/settings/definitions";
import type { Theme } from "~/ui/themes";
import type { Toast } from "~/toasts/toast";
import type { Viewer } from "~/request/viewer";
import type { AuthUser, CurrentSession } from "~/request/auth-user";

/** Set by workers/app.ts for every request, before React Router runs. */
export interface WorkerContext {
  env: Env;
  ctx: ExecutionContext;
  /** Echoed as X-Request-Id and in every log line of this request. */
  requestId: string;
  /** The CSP nonce of this response's inline scripts. */
  nonce: string;
  /** True when running locally (wrangler dev / vite dev), never in production. */
  isLocal: boolean;
  /** This request's guest page-cache key (null: it may not share a copy); set by the Worker entry. */
  guestPageKey?: string | null;
  /** The content version guests' page copies are keyed by (app/http/content-version.server.ts); set by the Worker entry. */
  pageVersion?: number | null;
  /** False when the Cache API tier of the guest page cache is switched off (EDGE_PAGE_CACHE=off). */
  edgePageCache?: boolean;
  /** A GET for a document (not React Router's `.data` request): its server-made HTML is not repeated in the loader data (app/request/server-html.tsx). */
  documentRequest?: boolean;
}
export const workerContext = createContext<WorkerContext>();

/** Per-request services, built by the root middleware. */
export interface AppContext {
  db: Database;
  settings: Settings;
  themes: Theme[];
  activeTheme: Theme | null;
  localizations: Localization[];
  language: string;
  /** The IANA zone dates are shown in: the user's, else the browser's (hint cookie), else the site's (app/i18n/value-lists.ts). */
  timeZone: string;
  lines: Record<string, string>;
  t: Translate;
  viewer: Viewer;
  /** The guest role's permissions (what a signed-out visitor may do). */
  guestViewer: Viewer;
  /** The signed-in user, or null for a guest. */
  user: AuthUser | null;
  /** The signed-in user's session (null for a guest). */
  session: CurrentSession | null;
  flashToast: Toast | null;
  /** The page is shown inside the admin appearance editor's frame. */
  appearanceEditor: boolean;
}
export const appContext = createContext<AppContext>();

type AnyContext = Readonly<RouterContextProvider>;

export function getWorker(context: AnyContext): WorkerContext {
  return context.get(workerContext);
}

export function getApp(context: AnyContext): AppContext {
  return context.get(appContext);
}
