import type { ReactNode } from "react";
import { Link } from "react-router";
import { useDates } from "~/ui/use-dates";
import { useTrans } from "~/i18n/translation-context";
import { resolveImage, titleArtworkSubject } from "~/catalogue/artwork";
import type { FeedItem } from "../feed";

const MARK = { name: "\u0001", title: "\u0002", list: "\u0003" } as const;

/** A translated sentence whose :name / :title / :list are links (translators may move them). */
function Sentence({ text, parts }: { text: string; parts: Partial<Record<keyof typeof MARK, ReactNode>> }) {
  const pieces = text.split(/([\u0001-\u0003])/);
  return (
    <>
      {pieces.map((piece, i) => {
        const key = (Object.keys(MARK) as (keyof typeof MARK)[]).find((k) => MARK[k] === piece);
        return key ? <span key={i}>{parts[key]}</span> : <span key={i}>{piece}</span>;
      })}
    </>
  );
}

function sentenceKey(item: FeedItem) {
  const many = item.titles.length > 1;
  switch (item.kind) {
    case "rating":
      return many ? ":name rated :count titles" : ":name rated :title";
    case "watch":
      return many ? ":name watched :count titles" : ":name watched :title";
    case "review":
      return ":name reviewed :title";
    case "list":
      return ":name created or changed the list :list";
    case "list_like":
      return ":name liked the list :list";
    case "review_like":
      return ":name liked a review of :title";
  }
}

/** One feed line: who did what (linked), when, and the titles concerned with the rating or watch date. */
export function FeedItemView({ item, compact = false }: { item: FeedItem; compact?: boolean }) {
  const t = useTrans();
  const dates = useDates();
  const first = item.titles[0];
  const text = t(sentenceKey(item), { name: MARK.name, title: MARK.title, list: MARK.list, count: item.titles.length });
  const shown = compact ? item.titles.slice(0, 4) : item.titles.slice(0, 12);
  return (
    <article className="rounded-theme border border-divider bg-elevated p-4" data-testid="feed-item" data-kind={item.kind}>
      <p className="text-foreground">
        <Sentence
          text={text}
          parts={{
            name: (
              <Link to={item.person.path} className="font-semibold hover:text-primary" data-testid="feed-person">
                {item.person.name}
              </Link>
            ),
            title: first ? (
              <Link to={first.path} className="font-semibold hover:text-primary" data-testid="feed-title">
                {first.name}
              </Link>
            ) : null,
            list: item.list ? (
              <Link to={item.list.path} className="font-semibold hover:text-primary">
                {item.list.name}
              </Link>
            ) : null,
          }}
        />
      </p>
      <p className="mt-0.5 text-xs text-muted">
        <time dateTime={item.at}>{dates.relative(item.at)}</time>
      </p>
      {item.review ? (
        <p className="mt-2">
          <Link to={item.review.path} className="text-primary hover:underline" data-testid="feed-review">
            “{item.review.headline}”
          </Link>
          {item.review.score !== null ? <span className="ml-2 text-sm text-muted">{t(":rating/10", { rating: item.review.score })}</span> : null}
        </p>
      ) : null}
      {shown.length > 0 && (item.titles.length > 1 || !compact) ? (
        <ul className="mt-3 flex flex-wrap gap-3">
          {shown.map((title, i) => (
            <li key={`${title.id}-${i}`} className="w-20">
              <Link to={title.path} className="group block" aria-label={title.name}>
                <img
                  src={resolveImage("poster", title.poster, titleArtworkSubject(title)).src}
                  alt=""
                  width={80}
                  height={120}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[2/3] w-20 rounded-theme bg-paper object-cover"
                />
                <span className="mt-1 block truncate text-xs text-foreground group-hover:text-primary">{title.name}</span>
              </Link>
              {title.rating !== null ? <span className="block text-xs text-muted">{t(":rating/10", { rating: title.rating })}</span> : null}
              {title.watchedOn ? <span className="block text-xs text-muted">{[title.episode, dates.format(`${title.watchedOn}T12:00:00Z`, "date")].filter(Boolean).join(" · ")}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
