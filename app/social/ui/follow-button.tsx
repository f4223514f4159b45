import { useFetcher } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import type { LibraryAnswer } from "~/ui/forms/answer";
import { useLibraryToast } from "~/ui/forms/use-answer-toast";
import { buttonClasses, type ButtonColor, type ButtonVariant } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import type { SocialIntent } from "../schema";

/**
 * One follow-button action (follow, unfollow, accept, decline, remove, block,
 * unblock): a plain form posting to /social/follow (without JavaScript: back
 * to this page with a toast); with JavaScript a fetcher posts it and the
 * page's data revalidates.
 */
export function SocialActionButton({
  userId,
  intent,
  label,
  variant = "outlined",
  color = "primary",
  size = "sm",
  testId,
  pressed,
}: {
  userId: number;
  intent: SocialIntent;
  label: string;
  variant?: ButtonVariant;
  color?: ButtonColor;
  size?: "xs" | "sm";
  testId?: string;
  pressed?: boolean;
}) {
  const fetcher = useFetcher<LibraryAnswer>();
  useLibraryToast(fetcher.data);
  return (
    <fetcher.Form method="post" action="/social/follow" className="inline-block">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
      <NoJsRedirect />
      <button type="submit" disabled={fetcher.state !== "idle"} aria-pressed={pressed} data-testid={testId ?? `social-${intent}`} className={buttonClasses({ variant, color, size })}>
        {label}
      </button>
    </fetcher.Form>
  );
}

/** Follow / Requested / Following for one member (nothing for oneself or a guest). */
export function FollowButton({ userId, following, size = "sm" }: { userId: number; following: "active" | "pending" | null; size?: "xs" | "sm" }) {
  const t = useTrans();
  if (following === "active") return <SocialActionButton userId={userId} intent="unfollow" label={t("Following")} variant="filled" size={size} testId="follow-button" pressed />;
  if (following === "pending") return <SocialActionButton userId={userId} intent="unfollow" label={t("Requested")} variant="outlined" color="neutral" size={size} testId="follow-button" pressed />;
  return <SocialActionButton userId={userId} intent="follow" label={t("Follow")} size={size} testId="follow-button" pressed={false} />;
}
