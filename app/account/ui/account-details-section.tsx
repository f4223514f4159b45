import { useEffect, useRef } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { answerFor } from "~/auth/ui/two-factor-section";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { toast } from "~/toasts/toast-store";
import { Button } from "~/ui/button";
import { buttonClasses } from "~/ui/button-styles";
import { FormErrors, IntentField, SubmitButton, TextField } from "~/ui/forms/fields";
import type { FormAnswer } from "~/ui/forms/form-result";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { useHydrated } from "~/ui/use-hydrated";
import { AVATAR_MAX_BYTES } from "~/constants";
import { UploadRow } from "~/uploads/ui/uploader";
import { useUploader } from "~/uploads/ui/use-uploader";
import { AVATAR_EXTENSIONS, AVATAR_MIME_TYPES, AVATAR_UPLOAD_METADATA } from "../../files/avatar-image";
import { accountDetailsSchema } from "../schema";
import { prepareAvatarForUpload } from "./prepare-avatar";
import { SettingsSection } from "../../ui/settings-section";

const AVATAR_ROUTE = "/account-settings/avatar";
const BACK = "/account-settings#account-details";

export interface AccountDetails {
  first_name: string;
  last_name: string;
  display_name: string;
  shown_name: string;
  email: string;
  avatar: string | null;
}

/** Account details: profile image, first and last name, display name (the profile link follows it). */
export function AccountDetailsSection({ details, actionData }: { details: AccountDetails; actionData: FormAnswer }) {
  const t = useTrans();
  const navigation = useNavigation();
  const profileUrl = useBootstrap().user?.profile_url ?? "";
  const [form, fields] = useAppForm({
    schema: accountDetailsSchema,
    id: "update-details",
    lastResult: answerFor(actionData, "update-details"),
    defaultValue: { first_name: details.first_name, last_name: details.last_name, display_name: details.display_name },
  });
  return (
    <SettingsSection id="account-details" title={t("Account details")} description={t("Your name and profile image, as others see them.")}>
      <AvatarEditor name={details.shown_name} avatar={details.avatar} />
      <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-4" data-testid="account-details-form">
        <IntentField value="update-details" />
        <FormErrors form={form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.first_name} label={t("First name")} autoComplete="given-name" />
          <TextField meta={fields.last_name} label={t("Last name")} autoComplete="family-name" />
        </div>
        <TextField
          meta={fields.display_name}
          label={t("Display name")}
          autoComplete="nickname"
          description={
            <>
              {t("Shown on your profile and in its link. Leave it empty to use your first and last name.")}{" "}
              <a href={profileUrl} className="font-medium text-primary underline-offset-4 hover:underline" data-testid="profile-link">
                {profileUrl}
              </a>
            </>
          }
        />
        <p className="text-sm text-muted">
          {t("Email")}: <span className="font-medium text-foreground">{details.email}</span>
        </p>
        <div>
          <SubmitButton isPending={navigation.formData?.get("intent") === "update-details"}>{t("Save")}</SubmitButton>
        </div>
      </Form>
    </SettingsSection>
  );
}

function initialsOf(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? parts[parts.length - 1][0] : "")).toUpperCase() || "?";
}

/**
 * Profile image. Without JavaScript: a multipart form (choose a file, then
 * "Upload") and a "Remove" form, both posting to /account-settings/avatar.
 * With it: choosing a file checks it and scales it down in the browser,
 * then the site's uploader sends it (the upload queue: progress, cancel,
 * retry, the avatar's types and size checked before any byte is sent) to a
 * private file entry, which the avatar route then makes the avatar
 * (intent attach-avatar; the server checks the entry and its bytes again).
 * The answer's message or 'file' error becomes a toast.
 */
function AvatarEditor({ name, avatar }: { name: string; avatar: string | null }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const upload = useFetcher<{ ok?: boolean; message?: string; errors?: { file?: string[] } }>();
  const remove = useFetcher<{ ok?: boolean; message?: string }>();
  const input = useRef<HTMLInputElement>(null);
  const uploader = useUploader({
    disk: "uploads",
    metadata: AVATAR_UPLOAD_METADATA,
    restrictions: { maxSize: AVATAR_MAX_BYTES, allowed: AVATAR_MIME_TYPES },
    onUploaded: (entry) => upload.submit({ intent: "attach-avatar", entryId: String(entry.id) }, { method: "post", action: AVATAR_ROUTE }),
    onFailed: (item) => toast.danger(item.errorMessage ?? t("Upload failed")),
  });
  // Everyone may have a profile image; someone whose role cannot upload files (no files.create) posts it directly as before.
  const permissions = useBootstrap().user?.permissions ?? [];
  const canUseUploader = permissions.some((p) => p.name === "files.create" || p.name === "admin");
  const uploading = uploader.isUploading || upload.state !== "idle";
  const busy = uploading || remove.state !== "idle";

  useEffect(() => {
    const answer = upload.data;
    if (!answer || upload.state !== "idle") return;
    if (answer.ok) toast(answer.message ?? t("Uploaded avatar"));
    else toast.danger(answer.errors?.file?.[0] ?? answer.message ?? t("There was an issue. Please try again."));
  }, [upload.data, upload.state, t]);
  useEffect(() => {
    if (remove.data?.ok && remove.state === "idle") toast(remove.data.message ?? t("Removed avatar"));
  }, [remove.data, remove.state, t]);

  async function onFileChosen(file: File | undefined) {
    if (!file) return;
    const prepared = await prepareAvatarForUpload(file);
    if (input.current) input.current.value = "";
    if (!prepared.ok) {
      toast.danger(t(prepared.message, prepared.params));
      return;
    }
    if (!canUseUploader) {
      const body = new FormData();
      body.set("intent", "upload-avatar");
      body.set("file", prepared.file, prepared.name);
      upload.submit(body, { method: "post", action: AVATAR_ROUTE, encType: "multipart/form-data" });
      return;
    }
    // The uploader's own checks (the avatar's types, 2 MB) run again on what is actually sent.
    uploader.clearInactive();
    uploader.addFiles([new File([prepared.file], `avatar.${AVATAR_EXTENSIONS[prepared.mime]}`, { type: prepared.file.type || prepared.mime })]);
  }

  return (
    <div className="flex flex-wrap items-center gap-5" data-testid="avatar-editor">
      {avatar ? (
        // Shown at 96 px whatever its size (it is scaled down on upload and cropped to a circle here).
        <img src={avatar} alt={t("Profile image")} width={96} height={96} className="size-24 shrink-0 rounded-full bg-paper object-cover" data-testid="avatar-image" />
      ) : (
        <span aria-hidden="true" className="grid size-24 shrink-0 place-items-center rounded-full bg-primary text-2xl font-semibold text-on-primary" data-testid="avatar-initials">
          {initialsOf(name)}
        </span>
      )}
      <div className="flex flex-col gap-2">
        {hydrated ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept={AVATAR_MIME_TYPES.join(",")}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="avatar-file"
              onChange={(event) => void onFileChosen(event.target.files?.[0])}
            />
            <Button variant="outlined" size="sm" isPending={uploading} isDisabled={busy} onPress={() => input.current?.click()}>
              {avatar ? t("Change image") : t("Upload image")}
            </Button>
            {avatar ? (
              <remove.Form method="post" action={AVATAR_ROUTE}>
                <IntentField value="remove-avatar" />
                <Button type="submit" variant="text" color="danger" size="sm" isPending={remove.state !== "idle"} isDisabled={busy}>
                  {t("Remove image")}
                </Button>
              </remove.Form>
            ) : null}
          </div>
        ) : (
          <>
            <form method="post" action={AVATAR_ROUTE} encType="multipart/form-data" className="flex flex-wrap items-center gap-2">
              <input type="hidden" name="intent" value="upload-avatar" />
              <input type="hidden" name="redirectTo" value={BACK} />
              <label className="text-sm">
                <span className="sr-only">{t("Profile image")}</span>
                <input type="file" name="file" accept={AVATAR_MIME_TYPES.join(",")} required data-testid="avatar-file" className="text-sm" />
              </label>
              <button type="submit" className={buttonClasses({ variant: "outlined", size: "sm" })}>
                {t("Upload image")}
              </button>
            </form>
            {avatar ? (
              <form method="post" action={AVATAR_ROUTE}>
                <input type="hidden" name="intent" value="remove-avatar" />
                <input type="hidden" name="redirectTo" value={BACK} />
                <button type="submit" className={buttonClasses({ variant: "text", color: "danger", size: "sm" })}>
                  {t("Remove image")}
                </button>
              </form>
            ) : null}
          </>
        )}
        <p className="text-xs text-muted">{t("PNG, JPEG, GIF or WebP, at most 2 MB.")}</p>
        {hydrated && uploader.items.length > 0 ? (
          <ul className="flex max-w-sm flex-col divide-y divide-divider rounded-lg border border-divider" aria-label={t("Uploads")} data-testid="avatar-uploads">
            {uploader.items.map((item) => (
              <UploadRow key={item.id} item={item} onCancel={() => uploader.cancel(item.id)} onRetry={() => uploader.retry(item.id)} />
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
