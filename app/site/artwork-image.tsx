import { ARTWORK_SIZES, resolveImage, type ArtworkKind, type ArtworkSubject } from "~/catalogue/artwork";
import { useTrans } from "~/i18n/translation-context";

/**
 * An image of a title, season, episode or person: the real one when there is
 * one, else the site's generated artwork, whose alt text says so (decision
 * 029). Always a src, always its size (nothing shifts), lazy unless `priority`
 * (the first screen's largest image: eager, fetched first).
 */
export function ArtworkImage({
  kind,
  image,
  subject,
  alt = "",
  priority = false,
  eager = false,
  sizes,
  className = "",
  testId,
}: {
  kind: ArtworkKind;
  image: string | null | undefined;
  subject: ArtworkSubject;
  /** For a real image; generated art always says what it is. */
  alt?: string;
  priority?: boolean;
  eager?: boolean;
  /** For real images with several widths (TMDB's). */
  sizes?: string;
  className?: string;
  testId?: string;
}) {
  const t = useTrans();
  const { width, height } = ARTWORK_SIZES[kind];
  const resolved = resolveImage(kind, image, subject);
  return (
    <img
      src={resolved.src}
      srcSet={resolved.srcSet}
      sizes={resolved.srcSet ? sizes : undefined}
      alt={resolved.generated ? t("Generated artwork for :name, not an official image", { name: subject.name }) : alt}
      width={width}
      height={height}
      loading={priority || eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      data-generated={resolved.generated ? "" : undefined}
      data-testid={testId}
      className={`bg-paper ${className}`}
    />
  );
}
