import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { openD1 } from "~/db/client.server";
import { mailDeliveries } from "~/mail/deliveries.tables";
import { action as apiRegisterAction } from "~/routes/api/auth/register";
import { action as registerAction } from "~/routes/auth/register";
import { loader as finishLoader } from "~/routes/auth/register-finish";
import { loader as profileLoader } from "~/routes/profiles/user-profile";
import { hashPassword } from "./password.server";
import { SESSION_COOKIE } from "./sessions.server";
import { firstFreeUsername, usernameBase } from "./username";
import { freeUsername } from "./usernames.server";
import { users } from "./users.tables";
import { createUser } from "./users.server";

/**
 * Usernames and the registration without a second click (decision 043)
 * against real D1: unique ignoring case with a field message (form and
 * JSON), made from the name where none was chosen, kept unique under a
 * race, the profile's address; the mailed link finishes at once in the
 * browser that registered and nowhere else. Fixtures are fictional.
 */
const { db } = openD1(env.DB, null);
const APP_URL = "https://reelbase.example";
let ip = 0;

async function post(path: string, action: (args: never) => unknown, fields: Record<string, string>, json = false) {
  const ctx = createExecutionContext();
  ip += 1;
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: json ? JSON.stringify(fields) : new URLSearchParams(fields),
    headers: { "Content-Type": json ? "application/json" : "application/x-www-form-urlencoded", "CF-Connecting-IP": `203.0.113.${ip}` },
  });
  const result = await runRoute(request, (args) => action(args as never), {}, { ctx, env: { ...env, APP_URL } as Env });
  await waitOnExecutionContext(ctx);
  return (result.value ?? result.thrown) as Response & { data?: unknown; init?: ResponseInit };
}

const fields = (email: string, username: string) => ({ email, username, password: "a long passphrase", accept_policies: "on" });
const fresh = (prefix: string) => `${prefix}-${crypto.randomUUID()}@example.test`;
const statusOf = (answer: unknown) => (answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200));

describe("usernames", () => {
  it("are made from a name, never the address, and kept within 3-20 of [a-z0-9_]", () => {
    expect(usernameBase("Zoë O'Brien-Núñez")).toBe("zoe_obrien_nunez");
    expect(usernameBase("Al")).toBe("member");
    expect(usernameBase("")).toBe("member");
    expect(usernameBase("A very long name indeed for anyone")).toMatch(/^[a-z0-9_]{3,16}$/);
    expect(firstFreeUsername("nina", new Set(["nina", "nina_2"]))).toBe("nina_3");
    expect(firstFreeUsername("a_sixteen_chars_", new Set(["a_sixteen_chars_"])).length).toBeLessThanOrEqual(20);
  });

  it("an account created without one gets one from its name; alike names get _2, _3", async () => {
    const name = `Quill ${crypto.randomUUID().slice(0, 6)}`;
    const a = await createUser(db, { email: fresh("quill-a"), passwordHash: null, firstName: name, lastName: "Marlowe" });
    const b = await createUser(db, { email: fresh("quill-b"), passwordHash: null, firstName: name, lastName: "Marlowe" });
    expect(a!.username).toBe(usernameBase(`${name} Marlowe`));
    expect(b!.username).toBe(`${usernameBase(`${name} Marlowe`)}_2`);
  });

  it("two accounts racing for one username both get created, with different usernames", async () => {
    const wanted = `race_${crypto.randomUUID().slice(0, 8)}`;
    const [a, b] = await Promise.all([
      createUser(db, { email: fresh("race-a"), passwordHash: null, username: wanted }),
      createUser(db, { email: fresh("race-b"), passwordHash: null, username: wanted }),
    ]);
    expect([a!.username, b!.username].sort()).toEqual([wanted, `${wanted}_2`].sort());
    expect(await freeUsername(db, wanted)).toBe(`${wanted}_3`);
  });

  it("a taken username (any case) is a field message on the form and in JSON, and nothing is stored or mailed", async () => {
    const holder = `held_${crypto.randomUUID().slice(0, 8)}`;
    await createUser(db, { email: fresh("holder"), passwordHash: await hashPassword("the holder's phrase", 1000), username: holder, emailVerified: true });
    const email = fresh("taker");
    const form = await post("/register", registerAction, fields(email, holder.toUpperCase()));
    expect(statusOf(form)).toBe(422);
    expect(JSON.stringify(form)).toContain("That username is taken");
    const json = await post("/auth/register", apiRegisterAction, fields(email, holder), true);
    expect(json.status).toBe(422);
    expect(((await json.json()) as { errors: unknown }).errors).toEqual({ username: ["That username is taken"] });
    const bad = await post("/auth/register", apiRegisterAction, fields(email, "no"), true);
    expect(((await bad.json()) as { errors: { username: unknown } }).errors.username).toEqual(["Use 3 to 20 characters."]);
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await db.select().from(mailDeliveries).where(eq(mailDeliveries.to, email))).toEqual([]);
  });

  it("is the profile's address; any other slug answers 301 to it", async () => {
    const username = `prof_${crypto.randomUUID().slice(0, 8)}`;
    const user = (await createUser(db, { email: fresh("profile"), passwordHash: null, username, firstName: "Ottoline", lastName: "Pike", emailVerified: true }))!;
    const old = await runRoute(new Request(`http://localhost/user/${user.id}/ottoline-pike`), (args) => profileLoader({ ...args, params: { id: String(user.id), slug: "ottoline-pike" } } as never));
    const moved = old.thrown as Response;
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe(`/user/${user.id}/${username}`);
  });
});

describe("finishing a registration", () => {
  async function register(email: string) {
    const answer = await post("/register", registerAction, fields(email, `fin_${crypto.randomUUID().slice(0, 8)}`));
    expect(answer.status).toBe(303);
    const nonce = /^registering=([\w-]+);/.exec(answer.headers.get("Set-Cookie") ?? "")![1]!;
    const [mail] = await db.select().from(mailDeliveries).where(eq(mailDeliveries.to, email)).orderBy(desc(mailDeliveries.id));
    const token = /\/register\/finish\/([\w.-]+)/.exec(mail!.text)![1]!;
    return { nonce, token };
  }
  const open = (token: string, cookie?: string) =>
    runRoute(new Request(`http://localhost/register/finish/${token}`, { headers: cookie ? { Cookie: cookie } : {} }), (args) => finishLoader({ ...args, params: { token } } as never), { token });

  it("in the browser that registered, opening the link signs in at once (no click)", async () => {
    const email = fresh("same-browser");
    const { nonce, token } = await register(email);
    const opened = await open(token, `registering=${nonce}`);
    const answer = opened.thrown as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/");
    expect(answer.headers.getSetCookie().join("\n")).toContain(`${SESSION_COOKIE}=`);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).not.toBeNull();
  });

  it("anywhere else (no cookie, or another registration's) opening it changes nothing", async () => {
    const email = fresh("other-browser");
    const { token } = await register(email);
    const { nonce: otherNonce } = await register(fresh("someone-else"));
    for (const cookie of [undefined, `registering=${otherNonce}`, "registering=forged"]) {
      const opened = await open(token, cookie);
      expect(opened.thrown).toBeUndefined();
      expect(opened.value).toEqual({ state: "valid", email });
    }
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).toBeNull();
  });
});
