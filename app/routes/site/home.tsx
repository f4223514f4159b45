import { data } from "react-router";
import type { Route } from "./+types/home";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { adSlots } from "~/ads/ads.server";
import { hasPermission } from "~/request/viewer";
import { listTrendingTitles } from "~/catalogue/trending-titles.server";
import { resolveImage, titleArtworkSubject } from "~/catalogue/artwork";
import { cardRating, type CardRatings } from "~/catalogue/card-rating";
import type { MenuPosition } from "~/menus/menu";
import { log } from "~/log/log.server";
import { findPageBySlug } from "~/pages/pages.server";
import { getApp, getWorker } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { useAppearancePreview } from "~/ui/preview-store";
import type { LandingContent } from "~/settings/definitions";
import { homeChannelPage } from "~/channels/channel-page.server";
import { channelJsonLd } from "~/channels/structured-data";
import { setPageJsonLd } from "~/seo/json-ld.server";
import { landingForViewer, showsPricing } from "~/site/landing/landing-for-viewer";
import { loadPricingData } from "~/billing/pricing.server";
import { action as loginAction, loader as loginLoader } from "~/routes/auth/login";
import { action as registerAction, loader as registerLoader } from "~/routes/auth/register";
import { lazy, Suspense } from "react";
import { lazyComponent } from "~/ui/lazy-component";
import { loadMemberHomeRows } from "~/library/home-rows.server";

// The sign-in and registration screens (forms, validation, social sign-in)
// load only when the homepage is one of them, not with every landing page.
const AuthFrame = lazy(() => import("~/routes/auth/layout").then((m) => ({ default: m.AuthFrame })));
const LoginPage = lazy(() => import("~/routes/auth/login").then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import("~/routes/auth/register").then((m) => ({ default: m.RegisterPage })));
// A custom page as the homepage is rarer still: rendered in place by the server, loaded by the browser only then.
const CustomPageView = lazyComponent(() => import("~/pages/custom-page-view").then((m) => m.CustomPageView));
// The channel rows (decision 022) and the landing page: each homepage type ships only its own view.
const ChannelView = lazyComponent(() => import("~/channels/ui/channel-view").then((m) => m.ChannelView));
const LandingPage = lazyComponent(() => import("~/site/landing/landing-page").then((m) => m.LandingPage));
// The pricing table only when the landing page shows it: a channel homepage (the default) no longer ships it.
const PricingTable = lazyComponent(() => import("~/billing/ui/pricing-table").then((m) => m.PricingTable));
// Only in the appearance editor's frame: another channel as the homepage, before it is saved.
const ChannelHomePreview = lazy(() => import("~/channels/ui/channel-home-preview").then((m) => ({ default: m.ChannelHomePreview })));

/** Titles in the landing page's trending grid: three rows of three. */
const TRENDING_GRID_SIZE = 9;

type HomeData = Awaited<ReturnType<typeof loader>> | undefined;

export const handle = {
  /** The landing page has its own navbar menu position. */
  navbarPosition: (data: HomeData): MenuPosition => (data?.kind === "landing" ? "landing-page-navbar" : "custom-page-navbar"),
  /** The sign-in and registration screens come in their own frame, without the site's navbar and footer. */
  siteChrome: (data: HomeData) => data?.kind !== "loginPage" && data?.kind !== "registerPage",
  /** The lazy sign-in and registration screens must be in the HTML itself (no-JS visitors): see entry.server. */
  completeHtml: (data: HomeData) => data?.kind === "loginPage" || data?.kind === "registerPage",
};

/** Signed-in visitors have no use for a sign-in homepage: they get the landing page. */
function authHomepage(app: ReturnType<typeof getApp>) {
  const type = app.settings["homepage.type"];
  if (app.viewer.userId !== null) return null;
  if (type === "loginPage") return "loginPage" as const;
  if (type === "registerPage" && !app.settings["registration.disable"]) return "registerPage" as const;
  if (type === "registerPage") return "loginPage" as const;
  return null;
}

/** Guests share a copy of the landing or custom homepage for a few seconds; never of the sign-in screens. */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache({ skip: ({ context }) => authHomepage(getApp(context)) !== null })];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/**
 * The homepage resolves the homepage type setting: the
 * landing page, a custom page by slug, or the login / register screen.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const app = getApp(context);
  const { settings } = app;
  const auth = authHomepage(app);
  if (auth === "loginPage") {
    return { kind: auth, auth: await loginLoader(args as never), seo: buildSeo(app, request, { title: app.t("Sign in"), description: null, path: "/" }) };
  }
  if (auth === "registerPage") {
    return { kind: auth, auth: await registerLoader(args as never), seo: buildSeo(app, request, { title: app.t("Create a new account"), description: null, path: "/" }) };
  }
  const nonce = getWorker(context).nonce;
  const ads = adSlots(settings, nonce, ["ads.general_top", "ads.general_bottom"]);

  if (settings["homepage.type"] === "customPage") {
    const slug = settings["homepage.value"];
    const page = slug ? await findPageBySlug(app.db, slug) : null;
    if (page) {
      return {
        kind: "customPage" as const,
        page: { title: page.title, body: page.body },
        ads,
        seo: buildSeo(app, request, { title: page.seoTitle || page.title, description: page.seoDescription || page.body, path: "/" }),
      };
    }
    // A missing page must not take the whole site down: show the landing page instead.
    log("warn", "homepage custom page not found, showing the landing page", { slug });
  }

  if (settings["homepage.type"] === "channel" && hasPermission(app.viewer, "titles.view")) {
    // Stored rows, the same for every visitor (guests' copy stays cacheable): no per-viewer data here.
    // A member's own rows ("Coming soon from your watchlist", "For you") in parallel; guests never get the key,
    // so their copy and its loader data stay exactly as they were (decision 023).
    const homeChannel = settings["homepage.channel"];
    const [{ channel, page }, member] = await Promise.all([
      homeChannel ? homeChannelPage(app.db, homeChannel) : { channel: null, page: null },
      app.user && hasPermission(app.viewer, "watchlist.use") ? loadMemberHomeRows(app.db, app.user.id) : null,
    ]);
    if (page) {
      setPageJsonLd(context, channelJsonLd(page, new URL(request.url).origin, "/"));
      return {
        kind: "channel" as const,
        page,
        ...(member ? { member } : {}),
        ads,
        seo: buildSeo(app, request, { title: null, description: channel!.seoDescription || channel!.description || settings["branding.site_description"], path: "/" }),
      };
    }
    log("warn", "homepage channel not found, showing the landing page", { slug: settings["homepage.channel"] });
  }

  // Signed-in visitors get no sign-up buttons, subscribers no pricing (decision 023).
  const content = landingForViewer(settings["homepage.appearance"], app.viewer.userId !== null);
  // Visitors who may not browse the catalogue still get the landing page, without the grid.
  const showTrending = settings["homepage.trending"] && hasPermission(app.viewer, "titles.view");
  // The pricing section needs the homepage flag, billing, and at least one plan.
  const showPricing = showsPricing({ homepagePricing: settings["homepage.pricing"], billingEnabled: settings["billing.enable"] }, app.viewer.isSubscribed);
  const [rows, pricingData] = await Promise.all([showTrending ? listTrendingTitles(app.db, TRENDING_GRID_SIZE) : null, showPricing ? loadPricingData(app, request) : null]);
  const trending =
    rows?.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      type: row.type,
      year: row.year,
      // The real backdrop, else the site's generated one (decision 029).
      backdrop: resolveImage("backdrop", row.backdrop, titleArtworkSubject(row)).src,
      // Chosen and named on the server (the card's rule, decision 029): the landing page ships no code or line for it.
      ...landingRating(row, settings["ratings.site_min_votes"], app.t(":site users", { site: app.settings["branding.site_name"] })),
    })) ?? null;
  return {
    kind: "landing" as const,
    content,
    trending,
    pricing: pricingData && pricingData.plans.length > 0 ? pricingData : null,
    ads,
    seo: buildSeo(app, request, {
      title: null,
      description: settings["branding.site_description"],
      path: "/",
      image: content.headerImage || null,
    }),
  };
}

function landingRating(row: CardRatings, minVotes: number, siteSource: string) {
  const chosen = cardRating(row, minVotes);
  return { rating: chosen?.value ?? null, ratingSource: chosen?.source === "site" ? siteSource : chosen?.source === "tmdb" ? "TMDB" : "IMDb" };
}

/** The homepage's forms post here when it is the sign-in or registration screen. */
export async function action(args: Route.ActionArgs) {
  const auth = authHomepage(getApp(args.context));
  if (auth === "loginPage") return loginAction(args as never);
  if (auth === "registerPage") return registerAction(args as never);
  throw data(null, { status: 405 });
}

export default function Home(props: Route.ComponentProps) {
  // The appearance editor previews a channel homepage (type and channel) before it is saved.
  const preview = useAppearancePreview()?.settings;
  const slug = preview?.["homepage.type"] === "channel" ? preview["homepage.channel"] : null;
  const content = <HomeContent {...props} />;
  const { loaderData } = props;
  if (typeof slug !== "string" || !slug || (loaderData.kind === "channel" && loaderData.page.channel.slug === slug)) return content;
  return (
    <Suspense fallback={content}>
      <ChannelHomePreview slug={slug} fallback={content} />
    </Suspense>
  );
}

function HomeContent({ loaderData, actionData }: Route.ComponentProps) {
  // The landing content comes with the page; inside the appearance editor's frame its preview wins.
  const previewedContent = useAppearancePreview()?.settings["homepage.appearance"] as LandingContent | undefined;
  // The auth screens' named exports take their loader and action data as props.
  if (loaderData.kind === "loginPage") {
    const props = { loaderData: loaderData.auth, actionData } as unknown as React.ComponentProps<typeof LoginPage>;
    return (
      <Suspense>
        <AuthFrame>
          <LoginPage {...props} />
        </AuthFrame>
      </Suspense>
    );
  }
  if (loaderData.kind === "registerPage") {
    const props = { loaderData: loaderData.auth, actionData } as unknown as React.ComponentProps<typeof RegisterPage>;
    return (
      <Suspense>
        <AuthFrame>
          <RegisterPage {...props} />
        </AuthFrame>
      </Suspense>
    );
  }
  if (loaderData.kind === "customPage") {
    return (
      <Suspense fallback={null}>
        <CustomPageView page={loaderData.page} ads={loaderData.ads} />
      </Suspense>
    );
  }
  if (loaderData.kind === "channel") {
    return (
      <Suspense fallback={null}>
        {/* The loader data as it is (page, and a member's rows): spreading it ships fewer bytes than naming each prop. */}
        <ChannelView {...loaderData} home />
      </Suspense>
    );
  }
  const { pricing } = loaderData;
  return (
    <Suspense fallback={null}>
      <LandingPage content={previewedContent ?? loaderData.content} trending={loaderData.trending} pricing={pricing ? <PricingTable data={pricing} /> : null} ads={loaderData.ads} />
    </Suspense>
  );
}
