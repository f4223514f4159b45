import { data } from "react-router";
import type { Route } from "./+types/mailbox-json";
import { listOutbox } from "~/mail/mailer.server";
import { getApp, getWorker } from "~/request/context";

/** GET /dev/mailbox.json: the local outbox, newest first. Local mode only; 404 elsewhere. */
export async function loader({ context }: Route.LoaderArgs) {
  if (!getWorker(context).isLocal) throw data(null, { status: 404 });
  const mails = await listOutbox(getApp(context).db, 100);
  return Response.json(
    mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, created_at: m.createdAt.toISOString() })),
    { headers: { "Cache-Control": "no-store" } },
  );
}
