import { GENRE_NAMES } from "~/catalogue/genre-names";
import { useState } from "react";
import { data, Form, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/ui-kit";
import { useTrans } from "~/i18n/translation-context";
import { getApp, getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { toast } from "~/toasts/toast-store";
import { Button, ButtonLink } from "~/ui/button";
import { Checkbox } from "~/ui/checkbox";
import { ComboBox } from "~/ui/combobox";
import { ConfirmDialog, Dialog, DialogTrigger, Modal } from "~/ui/dialog";
import { CheckboxField, FormErrors, IntentField, PasswordField, SelectField, SubmitButton, TextArea, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from "~/ui/menu";
import { HoverPopover, Popover, PopoverTrigger } from "~/ui/popover";
import { Select } from "~/ui/select";
import { Switch } from "~/ui/switch";
import { Tab, TabList, TabPanel, Tabs } from "~/ui/tabs";
import { Tooltip } from "~/ui/tooltip";
import { siteTitle } from "~/seo/seo";

/**
 * /_dev/ui: every shared primitive and the form kit on one page, for
 * developers and for the end-to-end tests of forms (JS on and off). It
 * exists only in a local Worker (APP_ENV=local); elsewhere it is a 404.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "UI kit") }, { name: "robots", content: "noindex" }];

const PLANS = ["monthly", "yearly"] as const;

export const exampleSchema = z.object({
  name: z.string().trim().min(2).max(60),
  email: z.email(),
  password: z.string().min(8).max(100),
  plan: z.enum(PLANS),
  bio: z.string().max(200).optional(),
  terms: z.literal("on", "You must accept the terms."),
});

const GENRES = GENRE_NAMES.map((label) => ({ id: label.toLowerCase().replace(/\s+/g, "-"), label }));

function requireLocal(context: Route.LoaderArgs["context"]) {
  if (!getWorker(context).isLocal) throw data(null, { status: 404 });
}

export function loader({ context }: Route.LoaderArgs) {
  requireLocal(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireLocal(context);
  const app = getApp(context);
  const formData = await request.formData().catch(() => new FormData());
  switch (readIntent(formData)) {
    case "example": {
      const submission = await parseFormSubmission(formData, exampleSchema, app.t);
      if (submission.status !== "success") return invalidSubmission(submission);
      // Checks only the server can make land on their field or on the form.
      if (submission.value.email === "taken@example.com") {
        return invalidSubmission(submission, { fieldErrors: { email: [app.t("This email is already taken.")] } });
      }
      if (submission.value.name === "Server Trouble") {
        return invalidSubmission(submission, { formErrors: [app.t("The server could not save this right now.")] });
      }
      return redirectWithToast(request, "/_dev/ui", { message: app.t("Saved :name", { name: submission.value.name }) });
    }
    case "plain-error":
      return data({ message: app.t("The server says no.") }, { status: 400 });
    default:
      return data({ message: app.t("Unknown action.") }, { status: 400 });
  }
}

export default function UiKit({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">UI kit</h1>
      <ExampleForm lastResult={actionData} />
      <Primitives />
    </div>
  );
}

function ExampleForm({ lastResult }: { lastResult: Route.ComponentProps["actionData"] }) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: exampleSchema, lastResult, id: "example" });
  const fetcher = useFetcher();
  return (
    <section className="grid gap-8 md:grid-cols-2">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="example-form">
        <h2 className="text-xl font-semibold">Form kit</h2>
        <IntentField value="example" />
        <FormErrors form={form} />
        <TextField meta={fields.name} label={t("Name")} autoComplete="name" />
        <TextField meta={fields.email} label={t("Email")} type="email" autoComplete="email" />
        <PasswordField meta={fields.password} label={t("Password")} autoComplete="new-password" description={t("At least 8 characters.")} />
        <SelectField meta={fields.plan} label={t("Plan")} placeholder={t("Choose one")} options={PLANS.map((plan) => ({ value: plan, label: plan === "monthly" ? t("Monthly") : t("Yearly") }))} />
        <TextArea meta={fields.bio} label={t("About you")} rows={3} />
        <CheckboxField meta={fields.terms} label={t("I accept the :name", { name: t("Terms of Service") })} />
        <div>
          <SubmitButton>{t("Save")}</SubmitButton>
        </div>
      </Form>
      <fetcher.Form method="post" className="flex flex-col items-start gap-3">
        <h2 className="text-xl font-semibold">Server message without fields</h2>
        <IntentField value="plain-error" />
        <PlainErrorToast data={fetcher.data} />
        <SubmitButton variant="outlined" isPending={fetcher.state !== "idle"} data-testid="plain-error-submit">
          {t("Try")}
        </SubmitButton>
      </fetcher.Form>
    </section>
  );
}

/** A fetcher form that has no fields still gets the server's message as a toast through the kit. */
function PlainErrorToast({ data }: { data: unknown }) {
  useAppForm({ schema: z.object({}), lastResult: data as never, id: "plain-error" });
  return null;
}

function Primitives() {
  const t = useTrans();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [genre, setGenre] = useState<string | number | null>(null);
  return (
    <section className="flex flex-col gap-8">
      <h2 className="text-xl font-semibold">Primitives</h2>
      <div className="flex flex-wrap items-center gap-3">
        <Button>Filled</Button>
        <Button variant="outlined">Outlined</Button>
        <Button variant="text">Text</Button>
        <Button variant="link">Link</Button>
        <Button color="danger">Danger</Button>
        <Button size="sm" variant="outlined" color="neutral">
          Small
        </Button>
        <Button isPending>Pending</Button>
        <ButtonLink to="/" variant="outlined">
          {t("Take me there!")}
        </ButtonLink>
        <ButtonLink to="/_dev/ui?again=1" variant="text">
          Same page, new query
        </ButtonLink>
        <Button variant="text" onPress={() => toast(t("Saved"), { action: { label: t("Undo"), link: "/_dev/ui" } })} data-testid="show-toast">
          Toast
        </Button>
        <Button variant="text" onPress={() => toast.loading(t("Loading"), { id: "kit-loading" })}>
          Loading toast
        </Button>
        <Button variant="text" onPress={() => toast(t("Loaded"), { id: "kit-loading" })}>
          Finish loading
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <DialogTrigger>
          <Button variant="outlined" data-testid="open-dialog">
            Dialog
          </Button>
          <Modal isDismissable>
            <Dialog title="A dialog" footer={({ close }) => <Button onPress={close}>{t("Close")}</Button>}>
              <p>Focus is trapped here; Escape closes.</p>
            </Dialog>
          </Modal>
        </DialogTrigger>
        <Button variant="outlined" color="danger" onPress={() => setConfirmOpen(true)} data-testid="open-confirm">
          Confirm
        </Button>
        <ConfirmDialog
          isOpen={confirmOpen}
          onOpenChange={setConfirmOpen}
          title={t("Delete this item?")}
          body={t("This cannot be undone.")}
          confirmLabel={t("Delete")}
          isDanger
          onConfirm={() =>
            new Promise<void>((resolve) =>
              setTimeout(() => {
                toast(t("Deleted"));
                resolve();
              }, 300),
            )
          }
        />
        <PopoverTrigger>
          <Button variant="outlined" data-testid="open-popover">
            Popover
          </Button>
          <Popover aria-label="Example popover" className="w-64 p-4">
            <p className="text-sm">Interactive content.</p>
          </Popover>
        </PopoverTrigger>
        <HoverPopover
          trigger={
            <Button variant="link" data-testid="hover-trigger">
              Hover me
            </Button>
          }
          aria-label="Preview"
          className="w-64 p-4"
        >
          <p className="text-sm" data-testid="hover-content">
            A preview card.
          </p>
        </HoverPopover>
        <MenuTrigger>
          <Button variant="outlined" data-testid="open-menu">
            Menu
          </Button>
          <Menu>
            <MenuItem onAction={() => toast("Edit")}>Edit</MenuItem>
            <MenuItem href="/">Home</MenuItem>
            <MenuSeparator />
            <MenuItem isDanger onAction={() => toast("Deleted")}>
              Delete
            </MenuItem>
          </Menu>
        </MenuTrigger>
        <Tooltip label="A helpful hint">
          <Button variant="outlined" data-testid="tooltip-trigger">
            Tooltip
          </Button>
        </Tooltip>
      </div>

      <div className="grid gap-6 md:grid-cols-3">
        <Select label="Genre" options={GENRES} isSearchable selectedKey={genre} onSelectionChange={setGenre} data-testid="genre-select" />
        <Select label="Genre (type-ahead)" options={GENRES} data-testid="typeahead-select" />
        <ComboBox label="Genre search" defaultItems={GENRES} data-testid="genre-combobox" />
      </div>

      <div className="flex flex-wrap items-center gap-6">
        <Switch defaultSelected>Notifications</Switch>
        <Checkbox>Remember me</Checkbox>
        <Checkbox isIndeterminate>Some channels</Checkbox>
      </div>

      <Tabs>
        <TabList aria-label="Example tabs">
          <Tab id="one">One</Tab>
          <Tab id="two">Two</Tab>
        </TabList>
        <TabPanel id="one">First panel</TabPanel>
        <TabPanel id="two">Second panel</TabPanel>
      </Tabs>
    </section>
  );
}
