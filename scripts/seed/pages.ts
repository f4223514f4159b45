import type { Database } from "../../app/db/client.server";
import { customPages } from "../../app/db/tables";
import { customPageInput } from "../../app/pages/pages.server";
import { sanitizeHtml } from "../../app/pages/sanitize-html.server";

/**
 * The custom pages every new site starts with: privacy policy, terms of
 * service and about. They are TEMPLATES for a demo catalogue site, and say
 * so at the top: an operator must replace them with text their lawyer has
 * checked. Existing pages (edited by an admin) are never overwritten.
 */
const TEMPLATE_NOTICE =
  '<p class="template-notice"><strong>Template text.</strong> This page was generated for a demonstration site. ' +
  "It is not legal advice and has not been reviewed for any jurisdiction. Replace it with your own before going live.</p>";

const UPDATED = "21 November 2026";

export const SEED_PAGES = [
  {
    slug: "privacy-policy",
    title: "Privacy policy",
    seoTitle: "Privacy policy",
    seoDescription: "What personal data this catalogue site collects, why, how long it keeps it and the choices you have.",
    body: `${TEMPLATE_NOTICE}
<p>Last updated: ${UPDATED}</p>
<p>This policy explains what personal data we collect when you use this site, why we collect it and what rights you have. "We" means the operator of this site; "you" means anyone who visits it or creates an account.</p>
<h2 id="what-we-collect">1. What we collect</h2>
<ul>
<li><strong>Account data</strong>: your e-mail address, display name, password (stored only as a salted hash), language, time zone and, if you add one, a profile image.</li>
<li><strong>Sign-in data</strong>: the sessions you open (device type, browser, approximate location derived from the IP address, last activity) so you can review and end them from your account settings.</li>
<li><strong>Usage data</strong>: which title, person and video pages are opened and which videos are played. Views are counted in aggregate to compute what is trending; plays are counted once per visitor and day.</li>
<li><strong>Billing data</strong>: if you subscribe, our payment processor handles your card details. We receive only the plan, its status, and the last four digits and expiry date of the card.</li>
<li><strong>Messages</strong>: what you send through the contact form.</li>
</ul>
<h2 id="why">2. Why we use it</h2>
<p>We use this data to run your account and keep it secure, to provide the catalogue and its video player, to show what is trending, to answer your messages, to bill subscriptions and to meet legal obligations. We do not sell personal data.</p>
<h2 id="cookies">3. Cookies</h2>
<p>We use cookies that are needed for the site to work: your session, your theme and language choices, the dismissal of the cookie notice and short-lived security tokens. Advertising slots on some pages may be filled by third parties who set their own cookies; their policies apply to those cookies.</p>
<h2 id="sharing">4. Who we share it with</h2>
<p>Hosting, e-mail delivery and payment providers process data on our behalf under contracts that limit their use of it. We disclose data to authorities only where the law requires it.</p>
<h2 id="retention">5. How long we keep it</h2>
<p>Account data is kept while your account exists and deleted within 30 days of you deleting the account. Aggregated view counts contain no personal data and are kept indefinitely. Server logs are kept for up to 30 days.</p>
<h2 id="rights">6. Your rights</h2>
<p>You can see and correct your account data in your account settings, download it on request, and delete your account at any time from the danger zone of the account settings. Depending on where you live you may also object to or restrict some processing and complain to your data-protection authority.</p>
<h2 id="contact">7. Contact</h2>
<p>Questions about this policy: use the <a href="/contact">contact form</a>.</p>`,
  },
  {
    slug: "terms-of-service",
    title: "Terms of service",
    seoTitle: "Terms of service",
    seoDescription: "The rules for using this catalogue site, its accounts, subscriptions and video player.",
    body: `${TEMPLATE_NOTICE}
<p>Last updated: ${UPDATED}</p>
<p>These terms govern your use of this site. By creating an account or using the site you agree to them. If you do not agree, please do not use the site.</p>
<h2 id="accounts">1. Accounts</h2>
<p>You must give a valid e-mail address and keep your password secret. You are responsible for what happens under your account. You must be old enough to consent to these terms where you live.</p>
<h2 id="catalogue">2. The catalogue</h2>
<p>Titles, people and facts are provided for information. Some descriptions, biographies and images on this demonstration site are generated and are marked as such; they are not statements of fact about real people. Ratings are averages of votes and opinions, not endorsements.</p>
<h2 id="acceptable-use">3. Acceptable use</h2>
<ul>
<li>Do not try to break, overload or scrape the site beyond what its robots.txt allows.</li>
<li>Do not upload or link to material you have no right to share.</li>
<li>Do not impersonate others or use the site to harass anyone.</li>
</ul>
<h2 id="subscriptions">4. Subscriptions</h2>
<p>Paid plans renew automatically at the end of each billing cycle until cancelled. You can cancel at any time from the billing page; the plan stays active until the end of the period you paid for. Prices may change with at least 30 days' notice.</p>
<h2 id="videos">5. Videos</h2>
<p>Trailers and clips are shown for promotion and review. Some are embedded from third-party services whose own terms apply while you watch them.</p>
<h2 id="liability">6. Liability</h2>
<p>The site is provided "as is". To the extent the law allows, we are not liable for indirect losses or for interruptions of the service.</p>
<h2 id="changes">7. Changes</h2>
<p>We may update these terms. Material changes are announced on the site at least 14 days before they apply.</p>
<p>See also the <a href="/pages/privacy-policy">privacy policy</a>.</p>`,
  },
  {
    slug: "about",
    title: "About us",
    seoTitle: "About this catalogue",
    seoDescription: "Who runs this film and series catalogue, where its data comes from and how to reach us.",
    body: `${TEMPLATE_NOTICE}
<p>This site is a catalogue of films and series and of the people who make them. Browse titles by genre, year and rating, follow actors and directors through their filmographies, and watch trailers in an accessible player.</p>
<h2 id="data">Where the data comes from</h2>
<p>The film list is based on a public data set of about three thousand films (titles, release dates, certifications, budgets, grosses and ratings), published under the BSD-3-Clause licence. The films' genres are those The Movie Database (TMDB) lists, for the films matched there by name and year; the others keep only the genre the data set names. Everything that data set lacks, such as plot summaries, cast lists, biographies, artwork and the handful of TV series, is generated by the site's seed program and marked as generated.</p>
<h2 id="contact">Contact</h2>
<p>Spotted a mistake or want to suggest a title? Use the <a href="/contact">contact form</a>.</p>`,
  },
];

/** Adds the template pages that do not exist yet. */
export async function seedPages(db: Database) {
  const values = SEED_PAGES.map((page) => {
    const parsed = customPageInput.parse(page);
    return { ...parsed, body: sanitizeHtml(parsed.body) };
  });
  const inserted = await db.insert(customPages).values(values).onConflictDoNothing().returning({ id: customPages.id });
  return { pages: inserted.length };
}
