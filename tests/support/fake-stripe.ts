import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small stand-in for Stripe's API over real HTTP, for tests of the Stripe
 * provider (the SDK is pointed at it by host, port and protocol). It records
 * every request (method, path, form fields as the SDK encodes them, headers)
 * and answers the endpoints billing uses with objects shaped like Stripe's.
 * Requests with an Idempotency-Key seen before get the first answer again,
 * as Stripe does.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: Record<string, string>;
  headers: IncomingMessage["headers"];
}

interface FakeSubscription {
  id: string;
  customer: string;
  itemId: string;
  price: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number;
}

export interface FakeStripe {
  host: string;
  port: number;
  requests: RecordedRequest[];
  /** Subscriptions the fake knows (tests add them to change, cancel, preview). */
  subscriptions: Map<string, FakeSubscription>;
  /** Next subscription update leaves a pending update (a declined card under pending_if_incomplete). */
  declineNextUpdate: boolean;
  /** Cards by customer, for default payment method lookups. */
  cards: Map<string, { brand: string; last4: string; exp_month: number; exp_year: number }>;
  /** Checkout sessions created through the fake; `completeCheckout` pays one (as the customer would at Stripe). */
  checkoutSessions: Map<string, { customer: string; clientReferenceId: string | null; price: string; subscription: string | null }>;
  completeCheckout(sessionId: string): FakeSubscription;
  close(): Promise<void>;
}

let sequence = 0;
const newId = (prefix: string) => `${prefix}_fake${(++sequence).toString().padStart(6, "0")}`;

function subscriptionObject(sub: FakeSubscription) {
  return {
    id: sub.id,
    object: "subscription",
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
    canceled_at: null,
    ended_at: null,
    trial_end: null,
    metadata: {},
    pending_update: null as null | object,
    items: {
      object: "list",
      data: [
        {
          id: sub.itemId,
          object: "subscription_item",
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
          price: { id: sub.price, object: "price" },
        },
      ],
    },
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const fake: Omit<FakeStripe, "host" | "port" | "close" | "completeCheckout"> = {
    requests,
    subscriptions: new Map(),
    declineNextUpdate: false,
    cards: new Map(),
    checkoutSessions: new Map(),
  };

  function route(method: string, path: string, form: Record<string, string>, query: URLSearchParams): { status: number; body: unknown } {
    const now = Math.floor(Date.now() / 1000);
    let match: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/customers") {
      return { status: 200, body: { id: newId("cus"), object: "customer", email: form.email, name: form.name, metadata: {} } };
    }
    if (method === "GET" && (match = /^\/v1\/customers\/([\w]+)$/.exec(path))) {
      const card = fake.cards.get(match[1]);
      const method = card ? { id: newId("pm"), object: "payment_method", type: "card", card } : null;
      const expanded = query.getAll("expand[]").includes("invoice_settings.default_payment_method") || query.getAll("expand[0]").length > 0;
      return {
        status: 200,
        body: { id: match[1], object: "customer", invoice_settings: { default_payment_method: expanded ? method : (method?.id ?? null) } },
      };
    }
    if (method === "GET" && (match = /^\/v1\/customers\/([\w]+)\/payment_methods$/.exec(path))) {
      const card = fake.cards.get(match[1]);
      return { status: 200, body: { object: "list", data: card ? [{ id: newId("pm"), object: "payment_method", type: "card", card }] : [], has_more: false } };
    }
    if (method === "GET" && (match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path))) {
      const session = fake.checkoutSessions.get(match[1]);
      if (!session) return notFound("checkout.session", match[1]);
      const sub = session.subscription ? fake.subscriptions.get(session.subscription) : undefined;
      const expand = [...query.values()];
      return {
        status: 200,
        body: {
          id: match[1],
          object: "checkout.session",
          mode: "subscription",
          status: sub ? "complete" : "open",
          customer: session.customer,
          client_reference_id: session.clientReferenceId,
          subscription: sub ? (expand.includes("subscription") ? subscriptionObject(sub) : sub.id) : null,
        },
      };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = newId("cs_test");
      fake.checkoutSessions.set(id, {
        customer: form.customer,
        clientReferenceId: form.client_reference_id ?? null,
        price: form["line_items[0][price]"],
        subscription: null,
      });
      return {
        status: 200,
        body: { id, object: "checkout.session", mode: form.mode, url: `https://checkout.stripe.com/c/pay/${id}`, expires_at: now + 86400, customer: form.customer },
      };
    }
    if (method === "POST" && path === "/v1/products") {
      return { status: 200, body: { id: newId("prod"), object: "product", name: form.name, active: form.active !== "false" } };
    }
    if (method === "POST" && (match = /^\/v1\/products\/([\w]+)$/.exec(path))) {
      return { status: 200, body: { id: match[1], object: "product", name: form.name, active: form.active !== "false" } };
    }
    if (method === "POST" && path === "/v1/prices") {
      return { status: 200, body: { id: newId("price"), object: "price", product: form.product, unit_amount: Number(form.unit_amount), currency: form.currency } };
    }
    if (method === "POST" && (match = /^\/v1\/prices\/([\w]+)$/.exec(path))) {
      return { status: 200, body: { id: match[1], object: "price", active: form.active !== "false" } };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      return { status: 200, body: { id: newId("bps"), object: "billing_portal.session", url: `https://billing.stripe.com/p/session/${newId("test")}`, return_url: form.return_url } };
    }
    if (method === "POST" && path === "/v1/invoices/create_preview") {
      const sub = fake.subscriptions.get(form.subscription);
      if (!sub) return notFound("subscription", form.subscription);
      const prorationDate = Number(form["subscription_details[proration_date]"]);
      return {
        status: 200,
        body: {
          id: "upcoming_in_fake",
          object: "invoice",
          currency: "usd",
          total: 450,
          amount_due: 450,
          lines: {
            object: "list",
            data: [
              {
                description: "Unused time on Standard after 16 Jun 2026",
                amount: -400,
                period: { start: prorationDate, end: sub.periodEnd },
                parent: { subscription_item_details: { proration: true } },
              },
              {
                description: "Remaining time on Premium after 16 Jun 2026",
                amount: 850,
                period: { start: prorationDate, end: sub.periodEnd },
                parent: { subscription_item_details: { proration: true } },
              },
            ],
          },
        },
      };
    }
    if (method === "DELETE" && (match = /^\/v1\/subscriptions\/([\w]+)$/.exec(path))) {
      const sub = fake.subscriptions.get(match[1]);
      if (!sub) return notFound("subscription", match[1]);
      sub.status = "canceled";
      sub.cancelAtPeriodEnd = false;
      return { status: 200, body: { ...subscriptionObject(sub), canceled_at: now, ended_at: now } };
    }
    if (method === "POST" && (match = /^\/v1\/subscriptions\/([\w]+)$/.exec(path))) {
      const sub = fake.subscriptions.get(match[1]);
      if (!sub) return notFound("subscription", match[1]);
      const object = subscriptionObject(sub);
      if (form["items[0][price]"]) {
        if (fake.declineNextUpdate) {
          fake.declineNextUpdate = false;
          object.pending_update = { expires_at: now + 82800, subscription_items: [{ price: form["items[0][price]"] }] };
          return { status: 200, body: object };
        }
        sub.price = form["items[0][price]"];
      }
      if (form.cancel_at_period_end !== undefined) sub.cancelAtPeriodEnd = form.cancel_at_period_end === "true";
      return { status: 200, body: subscriptionObject(sub) };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  function notFound(kind: string, id: string) {
    return { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'` } } };
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake.stripe");
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const method = req.method ?? "GET";
      requests.push({ method, path: url.pathname, query: url.searchParams, form, headers: req.headers });
      const key = req.headers["idempotency-key"];
      const cacheKey = typeof key === "string" && method === "POST" ? `${url.pathname}|${key}` : null;
      const answer = (cacheKey && idempotent.get(cacheKey)) || route(method, url.pathname, form, url.searchParams);
      if (cacheKey && !idempotent.has(cacheKey)) idempotent.set(cacheKey, answer);
      res.writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": newId("req") });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...(fake as FakeStripe),
    get declineNextUpdate() {
      return fake.declineNextUpdate;
    },
    set declineNextUpdate(value: boolean) {
      fake.declineNextUpdate = value;
    },
    completeCheckout(sessionId: string) {
      const session = fake.checkoutSessions.get(sessionId);
      if (!session) throw new Error(`no fake checkout session ${sessionId}`);
      const start = Math.floor(Date.now() / 1000);
      const sub = {
        id: newId("sub"),
        customer: session.customer,
        itemId: newId("si"),
        price: session.price,
        status: "active",
        cancelAtPeriodEnd: false,
        periodStart: start,
        periodEnd: start + 30 * 86400,
      };
      fake.subscriptions.set(sub.id, sub);
      session.subscription = sub.id;
      return sub;
    },
    host: "127.0.0.1",
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
