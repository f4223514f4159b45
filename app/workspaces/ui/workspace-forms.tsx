import { Form, useFetcher } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import type { ButtonStyle } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";

/**
 * Small forms shared by the workspace pages and the navbar switcher. Each is
 * a real form, so it works without JavaScript.
 */

/** Makes a workspace the active one (activeWorkspaceId cookie) through /resources/workspace. */
export function SwitchWorkspaceForm({
  workspaceId,
  children,
  className,
  style = { variant: "outlined", size: "sm" },
  onSwitched,
}: {
  workspaceId: number;
  children: React.ReactNode;
  className?: string;
  style?: ButtonStyle | null;
  onSwitched?: () => void;
}) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action="/resources/workspace" onSubmit={() => onSwitched?.()}>
      <input type="hidden" name="workspaceId" value={workspaceId} />
      <NoJsRedirect />
      <button type="submit" className={className ?? (style ? buttonClasses(style) : undefined)} disabled={fetcher.state !== "idle"} data-testid={`switch-workspace-${workspaceId}`}>
        {children}
      </button>
    </fetcher.Form>
  );
}

/** A one-button form for an intent of the page's action (remove, revoke, leave). */
export function IntentButton({
  intent,
  fields = {},
  label,
  style = { variant: "text", color: "danger", size: "xs" },
  testId,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  label: string;
  style?: ButtonStyle;
  testId?: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonClasses(style)} data-testid={testId}>
        {label}
      </button>
    </Form>
  );
}

export function RoleLabel({ role }: { role: "owner" | "admin" | "member" }) {
  const t = useTrans();
  const labels = { owner: t("Owner"), admin: t("Admin"), member: t("Member") };
  return <span className="rounded-full bg-paper px-2 py-0.5 text-xs font-medium text-muted">{labels[role]}</span>;
}
