import { useTrans } from "~/i18n/translation-context";
import type { ForYouReason } from "../rules";

/** "Because you rated Heat 9/10", "Because you watched …", "Because … is on your watchlist". */
export function ForYouReasonText({ reason }: { reason: ForYouReason }) {
  const t = useTrans();
  if (reason.kind === "rated") return <>{t("Because you rated :name :rating/10", { name: reason.name, rating: reason.rating })}</>;
  if (reason.kind === "watched") return <>{t("Because you watched :name", { name: reason.name })}</>;
  return <>{t("Because :name is on your watchlist", { name: reason.name })}</>;
}
