import { AdSlot } from "~/ads/ad-slot";
import type { AdSlots } from "~/ads/ads.server";
import type { PublicPage } from "./pages.server";

/**
 * A custom page: its title and sanitised HTML body between the general ad
 * slots. Used by /pages/... and by the homepage when it is a custom page.
 */
export function CustomPageView({ page, ads }: { page: Pick<PublicPage, "title" | "body">; ads: AdSlots }) {
  return (
    <>
      <AdSlot slot="ads.general_top" html={ads["ads.general_top"]} className="px-4" />
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6" data-testid="custom-page">
        <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{page.title}</h1>
        <div
          className="custom-page-body mt-8 space-y-4 leading-7 text-foreground [&_a]:text-primary [&_a]:underline [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:ml-6 [&_ol]:list-decimal [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-divider [&_td]:p-2 [&_th]:border [&_th]:border-divider [&_th]:p-2 [&_th]:text-left [&_ul]:list-disc [&_.template-notice]:rounded-theme [&_.template-notice]:border [&_.template-notice]:border-warning/40 [&_.template-notice]:bg-warning/10 [&_.template-notice]:p-4 [&_.template-notice]:text-sm"
          dangerouslySetInnerHTML={{ __html: page.body }}
        />
      </article>
      <AdSlot slot="ads.general_bottom" html={ads["ads.general_bottom"]} className="px-4" />
    </>
  );
}
