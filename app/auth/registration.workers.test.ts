import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { registerAcceptedSchema } from "./api-contract";
import { openD1 } from "~/db/client.server";
import { mailDeliveries } from "~/mail/deliveries.tables";
import { action as forgotPasswordAction } from "~/routes/auth/forgot-password";
import { action as registerAction } from "~/routes/auth/register";
import { action as finishAction, loader as finishLoader } from "~/routes/auth/register-finish";
import { action as apiRegisterAction } from "~/routes/api/auth/register";
import { invalidateSettingsCache, saveSettings } from "~/settings/settings.server";
import { readFlashToast } from "~/toasts/flash.server";
import { hashPassword, verifyPassword } from "./password.server";
import { sessions } from "./sessions.tables";
import { SESSION_COOKIE } from "./sessions.server";
import { users } from "./users.tables";
import { createUser } from "./users.server";
import { appKeys } from "./crypto.server";
import { inviteToken } from "~/workspaces/invitations.server";
import { workspaceInvites, workspaces } from "~/workspaces/tables";

/**
 * Decision 021: registering an address that has an
 * account must not be told apart from registering a new one. Registration
 * never signs in; both get the same answer after the same work, and the mail
 * says what differs: a link to finish, or "someone tried to create an
 * account with your address".
 */
const { db } = openD1(env.DB, null);
const APP_URL = "https://reelbase.example";
const PASSPHRASE = "a long passphrase";

afterEach(async () => {
  await saveSettings(db, { "registration.require_email_confirmation": true } as never);
  invalidateSettingsCache();
  vi.restoreAllMocks();
});

let ipCounter = 0;
function nextIp() {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

/** One request through the root middleware, so per-isolate caches (settings) are warm before counting statements. */
async function warm() {
  await runRoute(new Request("http://localhost/register"), () => null);
}

function form(email: string, extra: Record<string, string> = {}) {
  // A username of its own per address (decision 043): letters and digits of the address, at most 20.
  const username = `u_${email
    .split("@")[0]!
    .replace(/[^a-z0-9]/gi, "")
    .toLowerCase()
    .slice(-18)}`;
  return { email, username, password: PASSPHRASE, password_confirmation: PASSPHRASE, policy_terms: "on", policy_privacy: "on", ...extra };
}

/** Every statement the app prepares at the D1 binding, in order (a batch's statements too). */
function recordingD1(binding: D1Database, log: string[], written: number[] = []) {
  const note = <T>(result: T) => {
    const meta = (result as { meta?: { rows_written?: number } } | null)?.meta;
    if (meta) written.push(meta.rows_written ?? 0);
    return result;
  };
  const wrap = (target: Pick<D1Database, "prepare" | "batch">) => ({
    prepare(query: string) {
      log.push(query);
      const statement = target.prepare(query);
      // The rows each statement wrote, so paths with the same SQL but different writes tell apart.
      return new Proxy(statement, {
        get(t, property) {
          const value = Reflect.get(t, property) as unknown;
          if (typeof value !== "function") return value;
          if (property === "run" || property === "all") return async (...args: unknown[]) => note(await (value as (...a: unknown[]) => Promise<unknown>).apply(t, args));
          if (property === "bind") return (...args: unknown[]) => new Proxy((value as (...a: unknown[]) => D1PreparedStatement).apply(t, args), this as unknown as ProxyHandler<D1PreparedStatement>);
          return (value as (...a: unknown[]) => unknown).bind(t);
        },
      });
    },
    async batch(statements: D1PreparedStatement[]) {
      const results = await target.batch(statements);
      for (const result of results) note(result);
      return results;
    },
  });
  return {
    ...wrap(binding),
    withSession(constraint?: string) {
      const session = binding.withSession(constraint);
      return { ...wrap(session), getBookmark: () => session.getBookmark() };
    },
  } as unknown as D1Database;
}

/**
 * Posts `fields` to `action` as a browser would (Host: evil.example, to show
 * that links come from APP_URL), and notes the D1 statements and password
 * hashes made before the answer, then lets the work after the answer finish.
 */
async function post(path: string, action: (args: never) => unknown, fields: Record<string, string>, init: { cookie?: string } = {}) {
  const ctx = createExecutionContext();
  const statements: string[] = [];
  const written: number[] = [];
  const deriveBits = vi.spyOn(crypto.subtle, "deriveBits");
  const request = new Request(`http://evil.example${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": nextIp(), ...(init.cookie ? { Cookie: init.cookie } : {}) },
  });
  const result = await runRoute(request, (args) => action(args as never), {}, { ctx, env: { ...env, APP_URL, DB: recordingD1(env.DB, statements, written) } as Env });
  const beforeAnswer = { statements: [...statements], hashes: deriveBits.mock.calls.length, rowsWritten: [...written] };
  deriveBits.mockRestore();
  await waitOnExecutionContext(ctx);
  return { ...result, beforeAnswer, answer: (result.value ?? result.thrown) as Response };
}

function mailsTo(email: string) {
  return db.select().from(mailDeliveries).where(eq(mailDeliveries.to, email)).orderBy(desc(mailDeliveries.id));
}

/** The link of the newest "finish creating your account" mail to `email`. */
async function finishLink(email: string) {
  const [mail] = (await mailsTo(email)).filter((m) => m.subject.startsWith("Finish creating"));
  const match = /(https?:\/\/[^\s"]+\/register\/finish\/[\w.-]+)/.exec(mail?.text ?? "");
  if (!match) throw new Error(`no link in ${JSON.stringify(mail)}`);
  return new URL(match[1]!);
}

function headersOf(response: Response, email: string) {
  // The registering browser's nonce cookie is random per answer (decision 043): compared by its shape.
  return [...response.headers].map(([name, value]) => [
    name,
    value
      .replaceAll(encodeURIComponent(email), "<email>")
      .replaceAll(email, "<email>")
      .replace(/^registering=[\w-]+;/, "registering=<nonce>;"),
  ]);
}

async function verifiedOwner(prefix: string) {
  const email = `${prefix}-${crypto.randomUUID()}@example.test`;
  const owner = (await createUser(db, { email, passwordHash: await hashPassword("the owner's own phrase", 1000), emailVerified: true }))!;
  return { email, owner };
}

describe("the registration form", () => {
  it("answers a new address and a registered one alike: same status, same headers, no session cookie", async () => {
    const { email: taken, owner } = await verifiedOwner("taken");
    const fresh = `fresh-${crypto.randomUUID()}@example.test`;
    await warm();
    const a = await post("/register", registerAction, form(taken));
    const b = await post("/register", registerAction, form(fresh));
    for (const [result, email] of [
      [a, taken],
      [b, fresh],
    ] as const) {
      expect(result.answer.status).toBe(303);
      expect(result.answer.headers.get("Location")).toBe(`/register/sent?email=${encodeURIComponent(email)}`);
      // Only the registering browser's nonce (decision 043), for both alike; never a session.
      expect(result.answer.headers.get("Set-Cookie")).toMatch(/^registering=[\w-]+; Path=\/register\/finish; SameSite=Lax; Max-Age=86400; HttpOnly$/);
    }
    expect(headersOf(a.answer, taken)).toEqual(headersOf(b.answer, fresh));
    // The same work before the answer: the same statements and one password hash each.
    expect(a.beforeAnswer.statements).toEqual(b.beforeAnswer.statements);
    // Not even the account lookup starts before the answer is out (afterTheAnswer).
    expect(a.beforeAnswer.statements.filter((sql) => /^select .* from "users" where "users"\."email"/.test(sql))).toEqual([]);
    expect(a.beforeAnswer.hashes).toBe(1);
    expect(b.beforeAnswer.hashes).toBe(1);

    // The owner is told, with links to the configured site; the account is untouched.
    const [ownerMail, ...more] = await mailsTo(taken);
    expect(more).toEqual([]);
    expect(ownerMail!.subject).toContain("tried to create");
    expect(ownerMail!.text).toContain(`${APP_URL}/login`);
    expect(ownerMail!.text).toContain(`${APP_URL}/forgot-password`);
    expect(`${ownerMail!.text}${ownerMail!.html}`).not.toContain("evil.example");
    const [row] = await db.select().from(users).where(eq(users.id, owner.id));
    expect((await verifyPassword("the owner's own phrase", row!.password)).ok).toBe(true);

    // The new address gets the link, from the configured site, and is not verified yet.
    const link = await finishLink(fresh);
    expect(link.origin).toBe(APP_URL);
    const [created] = await db.select().from(users).where(eq(users.email, fresh));
    expect(created!.emailVerifiedAt).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, created!.id))).toEqual([]);
  });

  it("registration timing: a taken and a new address do the same D1 work before the answer, rows written included (the account is created after it)", async () => {
    const { email: taken } = await verifiedOwner("timing");
    const fresh = `timing-${crypto.randomUUID()}@example.test`;
    await warm();
    const a = await post("/register", registerAction, form(taken));
    const b = await post("/register", registerAction, form(fresh));
    expect(a.beforeAnswer.statements).toEqual(b.beforeAnswer.statements);
    expect(a.beforeAnswer.rowsWritten).toEqual(b.beforeAnswer.rowsWritten);
    // Nothing touches the accounts before the answer but the username's lookup (public, the same for both; decision 043).
    expect(a.beforeAnswer.statements.filter((sql) => /"users"|"user_roles"|verifications/.test(sql)).map((sql) => /where "users"\."username" = \?/.test(sql))).toEqual([true]);
    expect([a.beforeAnswer.hashes, b.beforeAnswer.hashes]).toEqual([1, 1]);
    // And after it, the new account exists and got its link.
    expect((await finishLink(fresh)).origin).toBe(APP_URL);
  });

  it("follows the same flow when e-mail confirmation is off in the settings", async () => {
    await saveSettings(db, { "registration.require_email_confirmation": false } as never);
    invalidateSettingsCache();
    const fresh = `noconfirm-${crypto.randomUUID()}@example.test`;
    const result = await post("/register", registerAction, form(fresh));
    expect(result.answer.status).toBe(303);
    expect(result.answer.headers.get("Set-Cookie")).not.toContain("session");
    expect((await finishLink(fresh)).pathname).toMatch(/^\/register\/finish\//);
  });

  it("the link verifies the address and signs in, once, going on to the page the person was headed for", async () => {
    const email = `link-${crypto.randomUUID()}@example.test`;
    await post("/register", registerAction, form(email, { redirect: "/account-settings" }));
    const link = await finishLink(email);
    const token = link.pathname.split("/").pop()!;
    // Opening the link (a mail scanner does too) uses nothing up.
    const opened = await runRoute(new Request(link), (args) => finishLoader({ ...args, params: { token } } as never), { token });
    expect(opened.value).toEqual({ state: "valid", email });
    const finished = await post(`/register/finish/${token}`, (args: never) => finishAction({ ...(args as object), params: { token } } as never), {});
    expect(finished.answer.status).toBe(303);
    expect(finished.answer.headers.get("Location")).toBe("/account-settings");
    const cookies = finished.answer.headers.getSetCookie().join("\n");
    expect(cookies).toContain(`${SESSION_COOKIE}=`);
    const toast = new Request("http://localhost/", {
      headers: {
        Cookie: finished.answer.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      },
    });
    expect(readFlashToast(toast)?.message).toBe("Welcome! Your account is ready.");
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1);
    // Single use.
    const again = await post(`/register/finish/${token}`, (args: never) => finishAction({ ...(args as object), params: { token } } as never), {});
    expect(again.answer.headers.get("Set-Cookie")).toBeNull();
    const reopened = await runRoute(new Request(link), (args) => finishLoader({ ...args, params: { token } } as never), { token });
    expect(reopened.value).toEqual({ state: "invalid" });
  });

  it("an unverified account registered again gets a fresh link; following it sets the new password and ends earlier sessions", async () => {
    const email = `again-${crypto.randomUUID()}@example.test`;
    await post("/register", registerAction, form(email));
    const first = await finishLink(email);
    const second = await post("/register", registerAction, form(email, { password: "another long phrase", password_confirmation: "another long phrase" }));
    expect(second.answer.headers.get("Location")).toBe(`/register/sent?email=${encodeURIComponent(email)}`);
    const fresh = await finishLink(email);
    expect(fresh.href).not.toBe(first.href);
    expect((await mailsTo(email)).filter((m) => m.subject.includes("tried to create"))).toEqual([]);
    const oldToken = first.pathname.split("/").pop()!;
    expect((await runRoute(new Request(first), (args) => finishLoader({ ...args, params: { token: oldToken } } as never))).value).toEqual({ state: "invalid" });
    const token = fresh.pathname.split("/").pop()!;
    const finished = await post(`/register/finish/${token}`, (args: never) => finishAction({ ...(args as object), params: { token } } as never), {});
    expect(finished.answer.headers.getSetCookie().join("\n")).toContain(`${SESSION_COOKIE}=`);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect((await verifyPassword("another long phrase", user!.password)).ok).toBe(true);
    expect((await verifyPassword(PASSPHRASE, user!.password)).ok).toBe(false);
  });
});

describe("registering from a workspace invitation's link", () => {
  async function invitation(email: string) {
    const { owner } = await verifiedOwner("inviter");
    const [workspace] = await db.insert(workspaces).values({ name: "Film club", ownerId: owner.id }).returning();
    const id = crypto.randomUUID();
    await db.insert(workspaceInvites).values({ id, workspaceId: workspace!.id, email, role: "member", invitedBy: owner.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const keys = await appKeys((env as unknown as { APP_KEY: string }).APP_KEY);
    return `/workspace/invite/${id}?token=${encodeURIComponent(await inviteToken(keys, id))}`;
  }

  it("the invitation's token proves the address: a new account is verified and signed in at once", async () => {
    const email = `invited-${crypto.randomUUID()}@example.test`;
    const back = await invitation(email);
    const result = await post("/workspace/join/register", registerAction, form(email, { redirect: back }));
    expect(result.answer.headers.get("Location")).toBe(back);
    expect(result.answer.headers.getSetCookie().join("\n")).toContain(`${SESSION_COOKIE}=`);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).not.toBeNull();
  });

  it("without a valid token, or for another address, it is the usual mailed link", async () => {
    const email = `invited-${crypto.randomUUID()}@example.test`;
    const back = await invitation(email);
    const forged = await post("/workspace/join/register", registerAction, form(email, { redirect: back.replace(/token=[^&]+/, "token=forged") }));
    expect(forged.answer.headers.get("Location")).toBe(`/register/sent?email=${encodeURIComponent(email)}`);
    expect(forged.answer.headers.get("Set-Cookie")).not.toContain("session");
    const other = `other-${crypto.randomUUID()}@example.test`;
    const elsewhere = await post("/workspace/join/register", registerAction, form(other, { redirect: back }));
    expect(elsewhere.answer.headers.get("Location")).toBe(`/register/sent?email=${encodeURIComponent(other)}`);
    expect(elsewhere.answer.headers.get("Set-Cookie")).not.toContain("session");
  });
});

describe("the JSON registration", () => {
  it("answers 202 with the same body for a new and a registered address, never with a session", async () => {
    const { email: taken } = await verifiedOwner("taken-api");
    const fresh = `fresh-api-${crypto.randomUUID()}@example.test`;
    await warm();
    const a = await post("/auth/register", apiRegisterAction, form(taken));
    const b = await post("/auth/register", apiRegisterAction, form(fresh));
    expect([a.answer.status, b.answer.status]).toEqual([202, 202]);
    expect(headersOf(a.answer, taken)).toEqual(headersOf(b.answer, fresh));
    expect(a.answer.headers.get("Set-Cookie")).toBeNull();
    expect(b.answer.headers.get("Set-Cookie")).toBeNull();
    const bodyA = registerAcceptedSchema.parse(await a.answer.json());
    const bodyB = registerAcceptedSchema.parse(await b.answer.json());
    expect(JSON.stringify(bodyA).replaceAll(taken, "<email>")).toBe(JSON.stringify(bodyB).replaceAll(fresh, "<email>"));
    expect(bodyA.status).toBe("check_email");
    expect(a.beforeAnswer.statements).toEqual(b.beforeAnswer.statements);
    expect((await mailsTo(taken))[0]!.subject).toContain("tried to create");
    expect((await finishLink(fresh)).origin).toBe(APP_URL);
  });
});

describe("forgot-password", () => {
  it("does the same work before the answer for a known and an unknown address, and answers the same", async () => {
    const { email } = await verifiedOwner("reset");
    const unknown = `none-${crypto.randomUUID()}@example.test`;
    await warm();
    const known = await post("/forgot-password", forgotPasswordAction, { email });
    const none = await post("/forgot-password", forgotPasswordAction, { email: unknown });
    expect(none.value).toEqual(known.value);
    expect(none.beforeAnswer).toEqual(known.beforeAnswer);
    // Nothing of the lookup, nor what depends on it, starts before the answer is out (afterTheAnswer).
    expect(known.beforeAnswer.statements.filter((sql) => /"users"|verifications|security_log/.test(sql))).toEqual([]);
    expect((await mailsTo(email))[0]!.subject).toContain("Reset");
    expect(await mailsTo(unknown)).toEqual([]);
  });
});
