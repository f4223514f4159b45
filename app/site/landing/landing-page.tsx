import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { ARTWORK_SIZES } from "~/catalogue/artwork";
import { titlePath } from "~/http/slug";
import type { LandingContent } from "~/settings/definitions";
import { AdSlot } from "~/ads/ad-slot";
import type { AdSlots } from "~/ads/ads.server";
import { CtaLink } from "../cta-link";
import { RatingBadge } from "../rating-badge";

export interface LandingTrendingTitle {
  id: number;
  slug: string;
  name: string;
  type: "movie" | "series";
  year: number | null;
  /** The title's backdrop, real or generated (home.tsx, decision 029). */
  backdrop: string;
  /** This site's users' average, else IMDb's, and which of them it is ("Reelbase users", "IMDb"). */
  rating: number | null;
  ratingSource: string;
}

/**
 * The landing page: header with image, overlay and two
 * calls to action; primary feature cards; alternating secondary rows; the
 * optional trending grid (3 columns); the optional pricing section; and a
 * footer banner with the third call to action. All content from settings.
 */
export function LandingPage({ content, trending, pricing, ads }: { content: LandingContent; trending: LandingTrendingTitle[] | null; pricing: React.ReactNode; ads: AdSlots }) {
  const t = useTrans();
  return (
    <div data-testid="landing-page">
      <LandingHeader content={content} />
      <AdSlot slot="ads.general_top" html={ads["ads.general_top"]} className="px-4" />
      {content.primaryFeatures.length > 0 ? (
        <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
          <h2 id="features-heading" className="sr-only">
            {t("Features")}
          </h2>
          <ul className="grid gap-6 md:grid-cols-3" data-testid="primary-features">
            {content.primaryFeatures.map((feature, index) => (
              <li key={index} className="rounded-theme border border-divider bg-elevated p-6 shadow-sm">
                {feature.image ? (
                  <img src={feature.image} alt="" width={48} height={48} loading="lazy" className="mb-4 size-12" />
                ) : (
                  <span aria-hidden="true" className="mb-4 flex size-12 items-center justify-center rounded-full bg-primary-light text-lg font-bold text-primary">
                    {index + 1}
                  </span>
                )}
                <h3 className="text-lg font-semibold text-foreground">{t(feature.title)}</h3>
                {feature.subtitle ? <p className="mt-1 text-sm font-medium text-primary">{t(feature.subtitle)}</p> : null}
                <p className="mt-3 text-muted">{t(feature.description)}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {content.secondaryFeatures.length > 0 ? (
        <section className="border-t border-divider bg-paper" data-testid="secondary-features">
          {content.secondaryFeatures.map((feature, index) => (
            <div key={index} className={`mx-auto flex max-w-6xl flex-col items-center gap-10 px-4 py-16 sm:px-6 md:flex-row ${index % 2 === 1 ? "md:flex-row-reverse" : ""}`}>
              <div className="w-full md:w-1/2">
                {feature.image ? (
                  <img src={feature.image} alt="" width={640} height={400} loading="lazy" className="aspect-[8/5] w-full rounded-theme object-cover shadow-lg" />
                ) : (
                  <div aria-hidden="true" className="aspect-[8/5] w-full rounded-theme bg-gradient-to-br from-primary/80 to-primary/20 shadow-lg" />
                )}
              </div>
              <div className="w-full md:w-1/2">
                {feature.subtitle ? <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t(feature.subtitle)}</p> : null}
                <h2 className="mt-2 text-3xl font-bold tracking-tight text-foreground">{t(feature.title)}</h2>
                <p className="mt-4 text-lg text-muted">{t(feature.description)}</p>
              </div>
            </div>
          ))}
        </section>
      ) : null}

      {trending && trending.length > 0 ? <TrendingGrid titles={trending} /> : null}

      {pricing ? (
        <section aria-labelledby="pricing-heading" className="border-t border-divider px-4 py-20 sm:px-6" data-testid="landing-pricing">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight text-foreground">
              {t(content.pricingTitle)}
            </h2>
            <p className="mt-3 text-lg text-muted">{t(content.pricingSubtitle)}</p>
          </div>
          <div className="mx-auto mt-10 max-w-7xl">{pricing}</div>
        </section>
      ) : null}

      <FooterBanner content={content} />
      <AdSlot slot="ads.general_bottom" html={ads["ads.general_bottom"]} className="px-4" />
    </div>
  );
}

function LandingHeader({ content }: { content: LandingContent }) {
  const t = useTrans();
  return (
    <section className="relative isolate overflow-hidden bg-slate-950 text-white" data-testid="landing-header">
      {content.headerImage ? (
        <img
          src={content.headerImage}
          alt=""
          width={1600}
          height={900}
          fetchPriority="high"
          className="absolute inset-0 -z-20 size-full object-cover"
          style={{ opacity: content.headerImageOpacity, filter: content.blurHeaderImage ? "blur(8px)" : undefined }}
        />
      ) : null}
      <div aria-hidden="true" className="absolute inset-0 -z-10" style={{ backgroundImage: `linear-gradient(135deg, ${content.headerOverlayColor1}, ${content.headerOverlayColor2})` }} />
      <div className="mx-auto max-w-4xl px-4 py-28 text-center sm:py-36">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{t(content.headerTitle)}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-white/80">{t(content.headerSubtitle)}</p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <CtaLink cta={content.actions.cta1} testId="cta1" className="rounded-theme bg-primary px-6 py-3 font-semibold text-on-primary shadow hover:opacity-90" />
          <CtaLink cta={content.actions.cta2} testId="cta2" className="rounded-theme border border-white/50 px-6 py-3 font-semibold text-white hover:bg-white/10" />
        </div>
      </div>
    </section>
  );
}

function TrendingGrid({ titles }: { titles: LandingTrendingTitle[] }) {
  const t = useTrans();
  const size = ARTWORK_SIZES.backdrop;
  return (
    <section aria-labelledby="trending-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <div className="flex items-end justify-between gap-4">
        <h2 id="trending-heading" className="text-3xl font-bold tracking-tight text-foreground">
          {t("Trending now")}
        </h2>
        <Link to="/titles?order=popularity" className="text-sm font-medium text-primary hover:underline">
          {t("Browse all")}
        </Link>
      </div>
      <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="trending-grid">
        {titles.map((title) => (
          <li key={title.id}>
            <Link to={titlePath(title)} className="group block overflow-hidden rounded-theme border border-divider bg-elevated shadow-sm">
              <img
                src={title.backdrop}
                alt=""
                width={size.width}
                height={size.height}
                loading="lazy"
                decoding="async"
                className="aspect-video w-full bg-paper object-cover transition-transform duration-300 group-hover:scale-105"
              />
              <div className="flex items-center justify-between gap-2 p-4">
                <div className="min-w-0">
                  <h3 className="truncate font-semibold text-foreground">{title.name}</h3>
                  <p className="text-sm text-muted">{[title.year, title.type === "series" ? t("Series") : t("Movie")].filter(Boolean).join(" · ")}</p>
                </div>
                <RatingBadge rating={title.rating} source={title.ratingSource} />
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FooterBanner({ content }: { content: LandingContent }) {
  const t = useTrans();
  return (
    <section className="relative isolate overflow-hidden bg-slate-900 text-white" data-testid="landing-footer-banner">
      {content.footerImage ? <img src={content.footerImage} alt="" width={1600} height={600} loading="lazy" className="absolute inset-0 -z-10 size-full object-cover opacity-40" /> : null}
      <div className="mx-auto max-w-3xl px-4 py-20 text-center">
        <h2 className="text-3xl font-bold tracking-tight">{t(content.footerTitle)}</h2>
        <p className="mt-4 text-lg text-white/80">{t(content.footerSubtitle)}</p>
        <div className="mt-8">
          <CtaLink cta={content.actions.cta3} testId="cta3" className="inline-block rounded-theme bg-primary px-6 py-3 font-semibold text-on-primary shadow hover:opacity-90" />
        </div>
      </div>
    </section>
  );
}
