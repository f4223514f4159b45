import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation, useSubmit } from "react-router";
import type { AccessTokenView } from "~/auth/access-tokens.server";
import { answerFor } from "~/auth/ui/two-factor-section";
import { TOKEN_SCOPE_DESCRIPTIONS, type TokenScope } from "~/api/token-scopes";
import { useTrans } from "~/i18n/translation-context";
import { COPY_FEEDBACK_MS } from "~/constants";
import { useDates } from "~/ui/use-dates";
import { toast } from "~/toasts/toast-store";
import { Button } from "~/ui/button";
import { ConfirmDialog, Dialog, Modal } from "~/ui/dialog";
import { FieldErrors, FormErrors, IntentField, SelectField, SubmitButton, TextField } from "~/ui/forms/fields";
import type { FormAnswer } from "~/ui/forms/form-result";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { useHydrated } from "~/ui/use-hydrated";
import { createTokenSchema, TOKEN_EXPIRATIONS, tokenIdSchema } from "../schema";
import { SettingsSection } from "../../ui/settings-section";

/** What the action answers a successful "create-token" with (the plain token, this once). */
export interface CreatedToken {
  ok: true;
  intent: "create-token";
  message: string;
  plainTextToken: string;
  token: AccessTokenView;
}

export function isCreatedToken(value: unknown): value is CreatedToken {
  return !!value && typeof value === "object" && (value as { intent?: unknown }).intent === "create-token" && typeof (value as { plainTextToken?: unknown }).plainTextToken === "string";
}

/**
 * Developers: personal API tokens, shown only with
 * api.access while the API is integrated. "Create token" opens a dialog
 * (JavaScript) or is an inline form (without); the plain token is shown once
 * with a copy button ("Copied!" for a second) and a warning that it cannot
 * be shown again. Tokens are stored hashed; delete says "Token deleted".
 */
export function DevelopersSection({ tokens, scopes, actionData }: { tokens: AccessTokenView[]; scopes: readonly TokenScope[]; actionData: FormAnswer }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const [dialogOpen, setDialogOpen] = useState(false);
  const created = isCreatedToken(actionData) ? actionData : null;
  return (
    <SettingsSection
      id="developers"
      title={t("Developers")}
      description={
        <>
          {t("Personal access tokens let scripts and other apps use the API as you, with the Authorization: Bearer header.")}{" "}
          <a href="/api-docs" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("API documentation")}
          </a>
        </>
      }
    >
      {created && !hydrated ? <NewTokenNotice created={created} /> : null}
      <TokenList tokens={tokens} actionData={actionData} />
      {hydrated ? (
        <div className="mt-4">
          <Button variant="outlined" onPress={() => setDialogOpen(true)} data-testid="create-token-button">
            {t("Create token")}
          </Button>
          <CreateTokenDialog isOpen={dialogOpen} onOpenChange={setDialogOpen} scopes={scopes} />
        </div>
      ) : (
        <CreateTokenForm actionData={actionData} scopes={scopes} />
      )}
    </SettingsSection>
  );
}

function TokenList({ tokens, actionData }: { tokens: AccessTokenView[]; actionData: FormAnswer }) {
  const t = useTrans();
  const { relative, format } = useDates();
  if (tokens.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="no-tokens">
        {t("You have not created any API tokens yet.")}
      </p>
    );
  return (
    <ul className="flex flex-col divide-y divide-divider rounded-theme border border-divider" data-testid="token-list">
      {tokens.map((token) => (
        <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="token">
          <div className="min-w-0">
            <p className="truncate font-medium" data-testid="token-name">
              {token.name}
            </p>
            <p className="text-sm text-muted">
              <code className="font-mono text-xs">{token.prefix}…</code> ·{" "}
              <span data-testid="token-last-used">
                {t("Last used")}:{" "}
                {token.last_used_at ? (
                  <time dateTime={token.last_used_at} title={format(token.last_used_at)}>
                    {relative(token.last_used_at)}
                  </time>
                ) : (
                  t("Never")
                )}
              </span>
              {" · "}
              {token.expires_at ? t("Expires :date", { date: format(token.expires_at, "date") }) : t("No expiration")}
            </p>
            <p className="mt-1 flex flex-wrap gap-1" data-testid="token-scopes">
              <span className="sr-only">{t("Scopes")}: </span>
              {token.abilities.map((scope) => (
                <code key={scope} className="rounded bg-paper px-1.5 py-0.5 font-mono text-xs">
                  {scope}
                </code>
              ))}
            </p>
          </div>
          <DeleteTokenForm token={token} actionData={actionData} />
        </li>
      ))}
    </ul>
  );
}

function DeleteTokenForm({ token, actionData }: { token: AccessTokenView; actionData: FormAnswer }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const answer = answerFor(actionData, "delete-token");
  const mine = answer && String((answer as { initialValue?: { token_id?: unknown } }).initialValue?.token_id) === String(token.id) ? answer : undefined;
  const [form] = useAppForm({ schema: tokenIdSchema, id: `delete-token-${token.id}`, lastResult: mine });
  const pending = navigation.formData?.get("intent") === "delete-token" && navigation.formData?.get("token_id") === String(token.id);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <IntentField value="delete-token" />
      <input type="hidden" name="token_id" value={token.id} />
      <FormErrors form={form} />
      <SubmitButton variant="text" color="danger" size="sm" isPending={pending} aria-label={t("Delete :name", { name: token.name })}>
        {t("Delete")}
      </SubmitButton>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t("Delete token?")}
        body={t('Apps and scripts using ":name" will no longer be able to access the API.', { name: token.name })}
        confirmLabel={t("Delete")}
        isDanger
        onConfirm={() => submit({ intent: "delete-token", token_id: String(token.id) }, { method: "post" })}
      />
    </Form>
  );
}

function expirationOptions(t: (key: string, values?: Record<string, string | number>) => string) {
  return TOKEN_EXPIRATIONS.map((value) => ({ value, label: value === "never" ? t("No expiration") : t(":count days", { count: Number(value) }) }));
}

/** Without JavaScript: the create form under the list; the page comes back with the new token on top. */
function CreateTokenForm({ actionData, scopes }: { actionData: FormAnswer; scopes: readonly TokenScope[] }) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: createTokenSchema, id: "create-token", lastResult: answerFor(actionData, "create-token") });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 flex max-w-md flex-col gap-4" data-testid="create-token-form">
      <h3 className="font-medium">{t("Create token")}</h3>
      <IntentField value="create-token" />
      <FormErrors form={form} />
      <TextField meta={fields.token_name} label={t("Token name")} autoComplete="off" />
      <SelectField meta={fields.expiration} label={t("Expiration")} options={expirationOptions(t)} />
      <ScopesField meta={fields.scopes} scopes={scopes} />
      <div>
        <SubmitButton>{t("Create")}</SubmitButton>
      </div>
    </Form>
  );
}

/** With JavaScript: a dialog with the form, then the new token. Its content (and fetcher) is new each time it opens. */
function CreateTokenDialog({ isOpen, onOpenChange, scopes }: { isOpen: boolean; onOpenChange: (open: boolean) => void; scopes: readonly TokenScope[] }) {
  const t = useTrans();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="md">
      <Dialog title={t("Create token")} data-testid="create-token-dialog">
        {({ close }) => <CreateTokenFlow close={close} scopes={scopes} />}
      </Dialog>
    </Modal>
  );
}

function CreateTokenFlow({ close, scopes }: { close: () => void; scopes: readonly TokenScope[] }) {
  const t = useTrans();
  const fetcher = useFetcher();
  const created = isCreatedToken(fetcher.data) ? fetcher.data : null;
  const [form, fields] = useAppForm({ schema: createTokenSchema, id: "create-token-dialog", lastResult: created ? undefined : fetcher.data });
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (created && announced.current !== created) {
      announced.current = created;
      toast(created.message);
    }
  }, [created]);
  if (created) {
    return (
      <div className="flex flex-col gap-4">
        <NewTokenNotice created={created} />
        <div className="flex justify-end">
          <Button onPress={close}>{t("Done")}</Button>
        </div>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action="/account-settings" {...getFormProps(form)} className="flex flex-col gap-4">
      <IntentField value="create-token" />
      <TextField meta={fields.token_name} label={t("Token name")} autoComplete="off" autoFocus />
      <SelectField meta={fields.expiration} label={t("Expiration")} options={expirationOptions(t)} />
      <ScopesField meta={fields.scopes} scopes={scopes} />
      <div className="flex justify-end gap-2">
        <Button variant="text" color="neutral" onPress={close}>
          {t("Cancel")}
        </Button>
        <SubmitButton isPending={fetcher.state !== "idle"}>{t("Create")}</SubmitButton>
      </div>
    </fetcher.Form>
  );
}

/** What the token may do: one box per scope the user may grant, `read` ticked to start with. */
function ScopesField({ meta, scopes }: { meta: { name: string; errorId: string; errors?: string[]; initialValue?: unknown }; scopes: readonly TokenScope[] }) {
  const t = useTrans();
  const initial = Array.isArray(meta.initialValue) ? (meta.initialValue as string[]) : typeof meta.initialValue === "string" ? [meta.initialValue] : ["read"];
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={meta.errors?.length ? meta.errorId : undefined} data-testid="token-scopes-field">
      <legend className="mb-1 text-sm font-medium">{t("Scopes")}</legend>
      {scopes.map((scope) => (
        <label key={scope} className="inline-flex items-start gap-2 text-sm">
          <input type="checkbox" name={meta.name} value={scope} defaultChecked={initial.includes(scope)} className="mt-0.5 size-4 shrink-0 rounded border-divider accent-(--be-primary)" />
          <span>
            <code className="font-mono text-xs">{scope}</code> <span className="text-muted">{t(TOKEN_SCOPE_DESCRIPTIONS[scope])}</span>
          </span>
        </label>
      ))}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/** The plain token, once, with the warning and a copy button ("Copied!" for a second). */
function NewTokenNotice({ created }: { created: CreatedToken }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.plainTextToken);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions): select the text so it can be copied by hand.
      const field = document.getElementById(`token-${created.token.id}`) as HTMLInputElement | null;
      field?.select();
      toast.danger(t("Could not copy. Select the token and copy it yourself."));
    }
  }
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-theme border border-positive/40 bg-positive/10 p-4" data-testid="new-token" role="status">
      <p className="text-sm font-medium">{t('Token ":name" created.', { name: created.token.name })}</p>
      <div className="flex gap-2">
        <label htmlFor={`token-${created.token.id}`} className="sr-only">
          {t("API token")}
        </label>
        <input
          id={`token-${created.token.id}`}
          readOnly
          value={created.plainTextToken}
          className="min-w-0 flex-1 rounded-theme border border-divider bg-background px-3 py-2 font-mono text-xs"
          data-testid="plain-token"
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <Button variant="outlined" size="md" onPress={copy} data-testid="copy-token">
            {copied ? t("Copied!") : t("Copy")}
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-danger" data-testid="token-warning">
        {t("Make sure to copy your token now. You won't be able to see it again.")}
      </p>
    </div>
  );
}
