import { data } from "react-router";
import type { Route } from "./+types/mailbox";
import { listOutbox } from "~/mail/mailer.server";
import { getApp, getWorker } from "~/request/context";
import { siteTitle } from "~/seo/seo";

/**
 * GET /dev/mailbox: the mails the local Worker "sent", newest first, each
 * shown in a sandboxed frame. Only in local mode (APP_ENV=local); 404 elsewhere.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!getWorker(context).isLocal) throw data(null, { status: 404 });
  const mails = await listOutbox(getApp(context).db, 50);
  return { mails: mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, created_at: m.createdAt.toISOString() })) };
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Local mailbox") }, { name: "robots", content: "noindex" }];

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-semibold">Local mailbox</h1>
      <p className="mt-1 text-sm text-muted">
        Mails written by the local Worker instead of being sent. JSON:{" "}
        <a className="text-primary underline" href="/dev/mailbox.json">
          /dev/mailbox.json
        </a>
      </p>
      {loaderData.mails.length === 0 ? <p className="mt-8 text-muted">No mail yet.</p> : null}
      <ul className="mt-6 flex flex-col gap-6">
        {loaderData.mails.map((mail) => (
          <li key={mail.id} className="rounded-theme border border-divider bg-elevated" data-testid="mail">
            <div className="border-b border-divider px-4 py-3 text-sm">
              <p className="font-semibold">{mail.subject}</p>
              <p className="text-muted">
                To {mail.to} · {new Date(mail.created_at).toLocaleString()}
              </p>
            </div>
            <iframe title={mail.subject} srcDoc={mail.html} sandbox="" className="h-96 w-full bg-white" />
            <details className="px-4 py-3 text-sm">
              <summary className="cursor-pointer text-muted">Text part</summary>
              <pre className="mt-2 whitespace-pre-wrap">{mail.text}</pre>
            </details>
          </li>
        ))}
      </ul>
    </main>
  );
}
