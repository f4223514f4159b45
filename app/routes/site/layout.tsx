import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { LoadErrorPage, NotFoundPage } from "~/shell/lazy-error-pages";
import { Footer } from "~/shell/footer";
import { Navbar } from "~/shell/navbar";
import { useRootData } from "~/ui/use-bootstrap";
import { NavbarSearch } from "~/site/search/navbar-search";
import { siteTitle } from "~/seo/seo";
import { useNavbarPosition, useSiteChrome } from "~/site/use-navbar-position";

/**
 * The title of the error pages this layout shows (a page's own meta is not
 * rendered when its loader failed): never an empty <title>.
 */
export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? [{ title: siteTitle(matches, isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Something went wrong") }] : [];

/** Pages of the public site: navbar, content, footer. */
export default function SiteLayout() {
  const position = useNavbarPosition();
  if (!useSiteChrome()) return <Outlet />;
  return (
    <>
      <Navbar position={position} search={<NavbarSearch className="w-full max-w-xs" />} />
      <main id="main" className="flex-auto">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { requestId } = useRootData();
  return (
    <>
      <Navbar search={<NavbarSearch className="w-full max-w-xs" />} />
      <main id="main" className="flex-auto">
        {isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <LoadErrorPage requestId={requestId} />}
      </main>
      <Footer />
    </>
  );
}
