import { DomainError } from "~/http/domain-error";
import { env } from "cloudflare:workers";
import { openD1 } from "~/db/client.server";
import { countingD1 } from "../../tests/support/counting-d1.workers";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auditLog } from "~/admin/audit.tables";
import { permissions, rolePermissions, roles } from "~/auth/roles.tables";
import { userRoles } from "~/auth/users.tables";
import type { AuthUser } from "~/request/auth-user";
import { TurnstileHumanCheck } from "~/auth/human-check.server";
import { D1RateLimiter } from "~/auth/rate-limit.server";
import { COMMUNITY_BODY_MAX_LENGTH, COMMUNITY_REPORTS_PER_MINUTE_PER_ACCOUNT, COMMUNITY_REPORTS_PER_MINUTE_PER_IP, COMMUNITY_VOTES_PER_MINUTE_PER_ACCOUNT } from "~/constants";
import { createUser, db, makeServices, outboxFor, viewerFor, type TestServices } from "../../tests/support/notifications.workers";
import { notifications } from "~/notifications/tables";
import type { Settings } from "~/settings/definitions";
import { commentTarget, createComment, deleteComment, editComment, listThread } from "./comments.server";
import { commentInputSchema, reviewInputSchema } from "./schema";
import { moderate, moderationQueue, reportContent } from "./moderation.server";
import { postingRefusals } from "./posting.server";
import { setRating } from "~/library/ratings.server";
import { createReview, listReviews, reviewsPageExtras, reviewStats, updateReview, voteReview } from "./reviews.server";
import { comments, contentReports, postingBans, reviews, reviewVotes } from "./tables";
import type { CommunityServices } from "./services.server";

/**
 * Reviews, comments and moderation inside workerd with real D1: one review
 * per person, exact vote counts under parallel votes, reply depth, edits of
 * someone else's comment, held posts, reports and moderator actions, and
 * stored XSS that reaches notifications and mails only as text.
 */

const POSTER = { "reviews.create": [], "comments.create": [] };
const MODERATOR = { ...POSTER, "reviews.moderate": [], "comments.moderate": [] };
const COMMENT_MODERATOR = { ...POSTER, "comments.moderate": [] };

/** Gives an account these permissions in the database (through a role of its own), as a ban's target is checked there. */
async function grant(userId: number, names: string[]) {
  await db
    .insert(permissions)
    .values(names.map((name) => ({ name, displayName: name, group: "test" })))
    .onConflictDoNothing();
  const [role] = await db
    .insert(roles)
    .values({ name: `role-${userId}-${Math.random().toString(36).slice(2)}` })
    .returning();
  const ids = await db.select({ id: permissions.id, name: permissions.name }).from(permissions);
  await db.insert(rolePermissions).values(ids.filter((p) => names.includes(p.name)).map((p) => ({ roleId: role!.id, permissionId: p.id })));
  await db.insert(userRoles).values({ userId, roleId: role!.id });
}

async function newTitle(name = "The Lantern Keeper") {
  const slug = `${name.toLowerCase().replace(/\W+/g, "-")}-${Math.random().toString(36).slice(2, 7)}`;
  const row = await db.get<{ id: number }>(sql`INSERT INTO titles (type, name, slug) VALUES ('movie', ${name}, ${slug}) RETURNING id`);
  return row!.id;
}

interface Person {
  s: CommunityServices;
  notifier: TestServices;
  user: AuthUser;
}

let ip = 0;
async function person(permissions: Record<string, never[]> = POSTER, options: { settings?: Partial<Settings>; createdAt?: Date; name?: string } = {}): Promise<Person> {
  const row = await createUser({ firstName: options.name ?? "Robin" });
  const notifier = makeServices({ settings: options.settings });
  const user = { id: row.id, email: row.email, displayName: options.name ?? "Robin", createdAt: options.createdAt ?? new Date(Date.now() - 365 * 86_400_000) } as AuthUser;
  ip += 1;
  const s: CommunityServices = {
    db,
    t: (key, replacements) => Object.entries(replacements ?? {}).reduce((text, [k, v]) => text.replaceAll(`:${k}`, String(v)), key),
    settings: notifier.settings,
    user,
    viewer: viewerFor(row.id, permissions),
    ip: `198.51.100.${ip % 250}`,
    limiter: new D1RateLimiter(db),
    humanCheck: { verify: async () => false },
    humanCheckSecret: undefined,
    notifications: notifier,
    now: () => new Date(),
  };
  return { s, notifier, user };
}

const review = (extra: Partial<Record<string, unknown>> = {}) =>
  reviewInputSchema.parse({ score: 8, headline: "A quiet triumph", body: `Patient and warm, with a final act that earns its tears. ${Math.random()}`, ...extra });

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, field: error.field, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

const rowCount = async (table: typeof reviews | typeof comments | typeof reviewVotes) => (await db.select({ n: count() }).from(table))[0]!.n;

describe("reviews", () => {
  it("a review's score is its author's rating, both ways", async () => {
    const titleId = await newTitle("The Salt Orchard");
    const author = await person();
    const { id } = await createReview(author.s, titleId, review({ score: 6 }));
    const site = async () => db.get<{ rating: number | null; vote_count: number }>(sql`SELECT rating, vote_count FROM titles WHERE id = ${titleId}`);
    const mine = async () => db.get<{ rating: number }>(sql`SELECT rating FROM ratings WHERE user_id = ${author.user.id} AND title_id = ${titleId} AND episode_id IS NULL`);
    expect(await mine()).toEqual({ rating: 6 });
    expect(await site()).toEqual({ rating: 6, vote_count: 1 });
    await updateReview(author.s, id, review({ score: 9 }));
    expect(await mine()).toEqual({ rating: 9 });
    // Rating the title again (the stars) moves the review's score and the stored score sum with it.
    await setRating(db, author.user.id, { titleId, rating: 4 });
    const [row] = await db.select({ score: reviews.score }).from(reviews).where(eq(reviews.id, id));
    expect(row!.score).toBe(4);
    expect((await reviewStats(db, titleId, 0)).average).toBe(4);
    expect(await site()).toEqual({ rating: 4, vote_count: 1 });
  });

  it("one per person per title, stored counts, and bad input changes nothing", async () => {
    const titleId = await newTitle();
    const author = await person();
    const { id } = await createReview(author.s, titleId, review({ score: 9 }));
    expect(await reviewStats(db, titleId)).toMatchObject({ reviewCount: 1, average: 9 });

    const before = await rowCount(reviews);
    expect(await refusal(createReview(author.s, titleId, review()))).toMatchObject({ status: 409 });
    expect(await refusal(createReview(author.s, 987_654_321, review()))).toMatchObject({ status: 404 });
    expect(await rowCount(reviews)).toBe(before);
    // Empty and 100 KB bodies never pass the schema the form and the API share.
    expect(reviewInputSchema.safeParse({ score: 5, headline: "x", body: "" }).success).toBe(false);
    expect(reviewInputSchema.safeParse({ score: 5, headline: "x", body: "a".repeat(100 * 1024) }).success).toBe(false);
    expect(reviewInputSchema.safeParse({ score: 11, headline: "x", body: "long enough body" }).success).toBe(false);
    expect(commentInputSchema.safeParse({ target_kind: "title", target_id: titleId, body: "b".repeat(COMMUNITY_BODY_MAX_LENGTH + 1) }).success).toBe(false);

    const listed = await listReviews(db, titleId, 0);
    expect(listed.reviews.map((r) => r.id)).toEqual([id]);
  });

  it("counts helpful votes exactly when many arrive at once; no vote on one's own review", async () => {
    const titleId = await newTitle();
    const author = await person();
    const { id } = await createReview(author.s, titleId, review());
    const voters = await Promise.all(Array.from({ length: 12 }, () => person()));
    await Promise.all(voters.map((v, i) => voteReview(v.s, id, i % 4 !== 0)));
    // Everyone votes again at once (same choice): still one vote each.
    await Promise.all(voters.map((v, i) => voteReview(v.s, id, i % 4 !== 0)));
    const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ helpfulCount: 9, notHelpfulCount: 3 });
    expect((await db.select({ n: count() }).from(reviewVotes).where(eq(reviewVotes.reviewId, id)))[0]!.n).toBe(12);

    expect(await refusal(voteReview(author.s, id, true))).toMatchObject({ status: 422 });
    const [after] = await db.select().from(reviews).where(eq(reviews.id, id));
    expect(after!.helpfulCount).toBe(9);
    // The first helpful vote was a milestone: the author was told once.
    await author.notifier.settle();
    await Promise.all(voters.map((v) => v.notifier.settle()));
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.user.id), eq(notifications.type, "community.helpful")));
    expect(told).toHaveLength(1);
  });

  it("a reviews page reads the stats and a member's votes, own review and rating in one round trip (decision 048)", async () => {
    const titleId = await newTitle();
    const author = await person();
    const reader = await person();
    const { id } = await createReview(author.s, titleId, review({ score: 7 }));
    await voteReview(reader.s, id, false);
    const own = await createReview(reader.s, titleId, review({ score: 9, headline: "Mine" }));
    const trips = async (viewerId: number | null, ids: number[]) => {
      const recorder = countingD1(env.DB);
      const extras = await reviewsPageExtras(openD1(recorder.env.DB, null).db, titleId, 0, viewerId, ids);
      return { extras, roundTrips: recorder.roundTrips() };
    };
    const member = await trips(reader.user.id, [id, own.id]);
    expect(member.roundTrips).toBe(1);
    expect(member.extras).toMatchObject({ stats: { reviewCount: 2, average: 8 }, votes: { [id]: false }, own: { id: own.id, score: 9, headline: "Mine" }, myRating: 9 });
    // No listed review, and a guest: still one read each.
    expect((await trips(reader.user.id, [])).extras.votes).toEqual({});
    expect(await trips(null, [id])).toMatchObject({ roundTrips: 1, extras: { votes: {}, own: null, myRating: null, stats: { reviewCount: 2 } } });
  });

  it("tells each helpful-vote milestone exactly once under concurrent, repeated and withdrawn votes", async () => {
    const titleId = await newTitle();
    const author = await person();
    const { id } = await createReview(author.s, titleId, review());
    const voters = await Promise.all(Array.from({ length: 11 }, () => person()));
    // Eleven helpful votes at once, and the same person's vote sent three times at once.
    await Promise.all([...voters.map((v) => voteReview(v.s, id, true)), voteReview(voters[0]!.s, id, true), voteReview(voters[0]!.s, id, true)]);
    // Two withdraw (below 10) and vote helpful again at once (back on 10): not told twice.
    await Promise.all(voters.slice(0, 2).map((v) => voteReview(v.s, id, false)));
    await Promise.all(voters.slice(0, 2).map((v) => voteReview(v.s, id, true)));
    await author.notifier.settle();
    await Promise.all(voters.map((v) => v.notifier.settle()));
    const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ helpfulCount: 11, helpfulMilestone: 10 });
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.user.id), eq(notifications.type, "community.helpful")));
    const counts = told.map((n) => JSON.stringify(n.data).match(/(\d+) people found your review/)?.[1]).sort((a, b) => Number(a) - Number(b));
    expect(counts).toEqual(["1", "10"]);
  });

  it("sorts by most helpful, newest, highest and lowest score with keyset pages", async () => {
    const titleId = await newTitle();
    const authors = await Promise.all([1, 2, 3, 4, 5].map(() => person()));
    const ids: number[] = [];
    for (const [i, a] of authors.entries()) ids.push((await createReview(a.s, titleId, review({ score: [3, 9, 6, 9, 1][i] }))).id);
    const voter = await person();
    await voteReview(voter.s, ids[2]!, true);
    const all = async (sort: "helpful" | "newest" | "highest" | "lowest") => {
      const out: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await listReviews(db, titleId, 0, { sort, cursor, limit: 2 });
        out.push(...page.reviews.map((r) => r.id));
        cursor = page.nextCursor;
      } while (cursor);
      return out;
    };
    expect(await all("newest")).toEqual([...ids].reverse());
    expect((await all("helpful"))[0]).toBe(ids[2]);
    expect(await all("highest")).toEqual([ids[3], ids[1], ids[2], ids[0], ids[4]]);
    expect(await all("lowest")).toEqual([ids[4], ids[0], ids[2], ids[1], ids[3]]);
  });
});

describe("comments", () => {
  it("replies two levels deep, refuses deeper, and tells the author of what was answered", async () => {
    const titleId = await newTitle();
    const author = await person();
    const { id: reviewId } = await createReview(author.s, titleId, review());
    const replier = await person(POSTER, { name: "Sam" });
    const top = await createComment(replier.s, { target_kind: "review", target_id: reviewId, body: "Lovely review." });
    const one = await createComment(author.s, { target_kind: "review", target_id: reviewId, parent_id: top.id, body: "Thank you!" });
    const two = await createComment(replier.s, { target_kind: "review", target_id: reviewId, parent_id: one.id, body: "Any time." });
    const before = await rowCount(comments);
    expect(await refusal(createComment(author.s, { target_kind: "review", target_id: reviewId, parent_id: two.id, body: "Too deep" }))).toMatchObject({ status: 422, field: "parent_id" });
    expect(await rowCount(comments)).toBe(before);

    await replier.notifier.settle();
    await author.notifier.settle();
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.user.id), eq(notifications.type, "community.reply")));
    expect(told.length).toBeGreaterThanOrEqual(2);
    const [counted] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(counted!.commentCount).toBe(3);

    const thread = await listThread(db, { kind: "review", id: reviewId });
    expect(thread.comments).toHaveLength(1);
    expect(thread.comments[0]!.replies.map((r) => r.id)).toEqual([one.id]);
    expect(thread.comments[0]!.replies[0]!.replies.map((r) => r.id)).toEqual([two.id]);
  });

  it('pages a thread\'s replies by keyset: the first ones with the thread, then "More replies" after the last shown', async () => {
    const titleId = await newTitle();
    const writer = await person();
    const insert = async (values: { parentId: number | null; rootId: number; depth: number; body: string }) =>
      (
        await db
          .insert(comments)
          .values({ userId: writer.user.id, targetKind: "title", targetId: titleId, bodyHtml: `<p>${values.body}</p>`, ...values })
          .returning({ id: comments.id })
      )[0]!.id;
    const root = await insert({ parentId: null, rootId: 0, depth: 0, body: "Top" });
    const replies: number[] = [];
    for (let i = 0; i < 5; i++) replies.push(await insert({ parentId: root, rootId: root, depth: 1, body: `Reply ${i}` }));
    // A second-level answer to the fourth reply, which the next page brings under its top-level comment.
    const deep = await insert({ parentId: replies[3]!, rootId: root, depth: 2, body: "Deep" });

    const first = await listThread(db, { kind: "title", id: titleId }, { replyLimit: 2 });
    expect(first.comments[0]!.replies.map((r) => r.id)).toEqual(replies.slice(0, 2));
    expect(first.comments[0]!.moreRepliesAfter).toBe(replies[1]);

    const seen: number[] = [...replies.slice(0, 2)];
    let after = first.comments[0]!.moreRepliesAfter;
    while (after) {
      const next = await listThread(db, { kind: "title", id: titleId }, { replyLimit: 2, replies: { rootId: root, after } });
      expect(next.comments.map((c) => c.id)).toEqual([root]);
      expect(next.nextCursor).toBeNull();
      const walk = (items: typeof next.comments): number[] => items.flatMap((c) => [c.id, ...walk(c.replies)]);
      seen.push(...walk(next.comments[0]!.replies));
      after = next.comments[0]!.moreRepliesAfter;
    }
    expect(seen).toEqual([...replies, deep]);
    // Another target's thread id is not a way in.
    const other = await listThread(db, { kind: "title", id: await newTitle() }, { replies: { rootId: root, after: 0 } });
    expect(other.comments).toEqual([]);
  });

  it("comments on a public list; a private list refuses anyone but its owner", async () => {
    const owner = await person();
    const stranger = await person(POSTER, { name: "Kit" });
    const makeList = async (isPublic: boolean) =>
      (await db.get<{ id: number }>(sql`INSERT INTO lists (user_id, name, slug, public) VALUES (${owner.user.id}, 'Harbour nights', 'harbour-nights', ${isPublic ? 1 : 0}) RETURNING id`))!.id;
    const open = await makeList(true);
    const closed = await makeList(false);

    const posted = await createComment(stranger.s, { target_kind: "list", target_id: open, body: "A lovely list of lighthouse films." });
    expect(posted.target.path).toBe(`/lists/${open}/harbour-nights`);
    expect((await listThread(db, { kind: "list", id: open })).comments.map((c) => c.id)).toEqual([posted.id]);

    const before = await rowCount(comments);
    expect(await refusal(createComment(stranger.s, { target_kind: "list", target_id: closed, body: "Let me in." }))).toMatchObject({ status: 404 });
    expect(await rowCount(comments)).toBe(before);
    await expect(commentTarget(db, "list", closed, stranger.user.id)).rejects.toBeInstanceOf(DomainError);
    await expect(commentTarget(db, "list", closed, null)).rejects.toBeInstanceOf(DomainError);
    const own = await createComment(owner.s, { target_kind: "list", target_id: closed, body: "Notes to myself." });
    expect(own.status).toBe("published");
  });

  it("reporting a comment on another member's private list answers 404, as a missing comment does, and records no report", async () => {
    const owner = await person();
    const stranger = await person();
    const closed = (await db.get<{ id: number }>(sql`INSERT INTO lists (user_id, name, slug, public) VALUES (${owner.user.id}, 'Quiet shelf', 'quiet-shelf', 0) RETURNING id`))!.id;
    const note = await createComment(owner.s, { target_kind: "list", target_id: closed, body: "Only for me." });
    const hidden = await refusal(reportContent(stranger.s, "comment", note.id, { reason: "spam" }));
    const missing = await refusal(reportContent(stranger.s, "comment", 987_654_321, { reason: "spam" }));
    expect(hidden).toEqual(missing);
    expect(hidden).toMatchObject({ status: 404 });
    expect(
      await db
        .select()
        .from(contentReports)
        .where(and(eq(contentReports.subjectKind, "comment"), eq(contentReports.subjectId, note.id))),
    ).toEqual([]);
  });

  it("editing or deleting someone else's comment or review answers 404 exactly like a missing id (ids cannot be probed)", async () => {
    const titleId = await newTitle();
    const a = await person();
    const b = await person();
    const c = await createComment(a.s, { target_kind: "title", target_id: titleId, body: "Mine to keep." });
    const r = await createReview(a.s, titleId, review());
    const missingComment = await refusal(editComment(b.s, 987_654_321, "Probe"));
    expect(await refusal(editComment(b.s, c.id, "Probe"))).toEqual(missingComment);
    expect(await refusal(deleteComment(b.s, c.id))).toEqual(await refusal(deleteComment(b.s, 987_654_321)));
    expect(await refusal(updateReview(b.s, r.id, review()))).toEqual(await refusal(updateReview(b.s, 987_654_321, review())));
    expect(missingComment).toMatchObject({ status: 404 });
    expect((await db.select().from(comments).where(eq(comments.id, c.id)))[0]!.body).toBe("Mine to keep.");
  });

  it("only the author edits, and a deleted comment with replies shows as deleted", async () => {
    const titleId = await newTitle();
    const a = await person();
    const b = await person();
    const top = await createComment(a.s, { target_kind: "title", target_id: titleId, body: "First thoughts." });
    const reply = await createComment(b.s, { target_kind: "title", target_id: titleId, parent_id: top.id, body: "Agreed." });
    expect(await refusal(editComment(b.s, top.id, "Hijacked"))).toMatchObject({ status: 404 });
    const [unchanged] = await db.select().from(comments).where(eq(comments.id, top.id));
    expect(unchanged!.body).toBe("First thoughts.");
    await editComment(a.s, top.id, "First thoughts, edited.");
    expect(await refusal(deleteComment(b.s, top.id))).toMatchObject({ status: 404 });
    await deleteComment(a.s, top.id);
    const thread = await listThread(db, { kind: "title", id: titleId });
    expect(thread.comments[0]).toMatchObject({ deleted: true, author: null, bodyHtml: "" });
    expect(thread.comments[0]!.replies).toHaveLength(1);

    // A moderator may delete anyone's comment; that is audit-logged.
    const mod = await person(MODERATOR);
    await deleteComment(mod.s, reply.id);
    expect((await db.select().from(auditLog).where(eq(auditLog.userId, mod.user.id))).map((row) => row.action)).toEqual(["comment.delete"]);
    expect((await listThread(db, { kind: "title", id: titleId })).comments[0]!.replies).toHaveLength(0);
  });
});

describe("anti-spam and moderation", () => {
  it("refuses too many links and duplicates; holds new accounts' posts and held words until approved", async () => {
    const titleId = await newTitle();
    const a = await person();
    expect(await refusal(createComment(a.s, { target_kind: "title", target_id: titleId, body: "https://a.test https://b.test https://c.test https://d.test" }))).toMatchObject({
      status: 422,
      field: "body",
    });
    await createComment(a.s, { target_kind: "title", target_id: titleId, body: "Same words twice." });
    expect(await refusal(createComment(a.s, { target_kind: "title", target_id: titleId, body: "Same words twice.  " }))).toMatchObject({ status: 422 });

    const fresh = await person(POSTER, { settings: { "community.hold_new_accounts": true }, createdAt: new Date() });
    const held = await createComment(fresh.s, { target_kind: "title", target_id: titleId, body: "Hello from a new account." });
    expect(held.status).toBe("held");
    const worded = await person(POSTER, { settings: { "community.held_words": ["Spamword"] } });
    expect((await createReview(worded.s, titleId, review({ body: "This has spamword in it, really." }))).status).toBe("held");
    expect((await listThread(db, { kind: "title", id: titleId })).comments.map((c) => c.id)).not.toContain(held.id);
    expect((await listThread(db, { kind: "title", id: titleId }, { viewerId: fresh.user.id })).comments.map((c) => c.id)).toContain(held.id);

    const mod = await person(MODERATOR);
    const actor = { userId: mod.user.id, email: mod.user.email, ip: null };
    expect((await moderationQueue(db, { can: () => true })).some((i) => i.kind === "comment" && i.id === held.id)).toBe(true);
    await moderate(mod.s, actor, { subject_kind: "comment", subject_id: held.id, action: "approve" });
    expect((await listThread(db, { kind: "title", id: titleId })).comments.map((c) => c.id)).toContain(held.id);
  });

  it("needs a passing Turnstile check when the human check is on for comments (the verify call answered at the HTTP boundary)", async () => {
    const VERIFY_URL = "https://turnstile.test/siteverify";
    const siteverify = vi.spyOn(globalThis, "fetch").mockImplementation(async (resource, init) => {
      const url = resource instanceof Request ? resource.url : String(resource);
      if (url !== VERIFY_URL) throw new Error(`unexpected fetch ${url}`);
      return Response.json({ success: (init?.body as FormData | undefined)?.get("response") === "good-token" });
    });
    try {
      const titleId = await newTitle();
      const a = await person(POSTER, { settings: { "recaptcha.site_key": "1x00000000000000000000AA", "recaptcha.enable.comments": true } });
      a.s.humanCheckSecret = "1x0000000000000000000000000000000AA";
      a.s.humanCheck = new TurnstileHumanCheck({ secret: a.s.humanCheckSecret, verifyUrl: VERIFY_URL });
      const before = await rowCount(comments);
      expect(await refusal(createComment(a.s, { target_kind: "title", target_id: titleId, body: "No token" }))).toMatchObject({ status: 422 });
      expect(await refusal(createComment(a.s, { target_kind: "title", target_id: titleId, body: "Bad token" }, "bad-token"))).toMatchObject({ status: 422 });
      expect(await rowCount(comments)).toBe(before);
      expect((await createComment(a.s, { target_kind: "title", target_id: titleId, body: "Good token" }, "good-token")).status).toBe("published");
      expect(siteverify).toHaveBeenCalledTimes(2);
    } finally {
      siteverify.mockRestore();
    }
  });

  it("a report reaches the queue; hiding and banning are audit-logged and the banned author is told why", async () => {
    const titleId = await newTitle();
    const author = await person();
    const reporter = await person();
    const c = await createComment(author.s, { target_kind: "title", target_id: titleId, body: "Rude words here." });
    expect(await refusal(reportContent(author.s, "comment", c.id, { reason: "abuse" }))).toMatchObject({ status: 422 });
    await reportContent(reporter.s, "comment", c.id, { reason: "abuse" });
    await reportContent(reporter.s, "comment", c.id, { reason: "abuse" });
    expect((await db.select().from(comments).where(eq(comments.id, c.id)))[0]!.openReports).toBe(1);

    const plain = await person();
    expect(await refusal(moderate(plain.s, { userId: plain.user.id, email: null, ip: null }, { subject_kind: "comment", subject_id: c.id, action: "hide" }))).toMatchObject({ status: 403 });

    const mod = await person(MODERATOR);
    const actor = { userId: mod.user.id, email: mod.user.email, ip: null };
    await moderate(mod.s, actor, { subject_kind: "comment", subject_id: c.id, action: "hide" });
    await moderate(mod.s, actor, { subject_kind: "comment", subject_id: c.id, action: "ban", ban_days: 7, reason: "Insults" });
    expect((await db.select().from(comments).where(eq(comments.id, c.id)))[0]).toMatchObject({ status: "hidden", openReports: 0 });
    expect((await db.select().from(contentReports).where(eq(contentReports.subjectId, c.id)))[0]!.resolvedAt).not.toBeNull();
    const audit = await db.select().from(auditLog).where(eq(auditLog.userId, mod.user.id));
    expect(audit.map((row) => row.action).sort()).toEqual(["comment.hide", "user.posting_ban"]);
    expect(await refusal(createComment(author.s, { target_kind: "title", target_id: titleId, body: "Again." }))).toMatchObject({
      status: 403,
      message: expect.stringContaining("Insults"),
    });
  });

  it("a comments-only moderator bans from comments only: the banned author may still review, and may not be banned from reviews or everything by them", async () => {
    const titleId = await newTitle();
    const author = await person();
    const c = await createComment(author.s, { target_kind: "title", target_id: titleId, body: "Off-topic shouting." });
    const mod = await person(COMMENT_MODERATOR);
    const actor = { userId: mod.user.id, email: mod.user.email, ip: null };
    const before = await db.select().from(postingBans).where(eq(postingBans.userId, author.user.id));
    for (const scope of ["reviews", "all"] as const) {
      expect(await refusal(moderate(mod.s, actor, { subject_kind: "comment", subject_id: c.id, action: "ban", ban_days: 7, ban_scope: scope, reason: "Shouting" }))).toMatchObject({ status: 403 });
    }
    expect(await refusal(moderate(mod.s, actor, { subject_kind: "comment", subject_id: c.id, action: "ban", ban_days: 7 }))).toMatchObject({ status: 422, field: "reason" });
    expect(await db.select().from(postingBans).where(eq(postingBans.userId, author.user.id))).toEqual(before);

    await moderate(mod.s, actor, { subject_kind: "comment", subject_id: c.id, action: "ban", ban_days: 7, reason: "Shouting" });
    const [ban] = await db.select().from(postingBans).where(eq(postingBans.userId, author.user.id));
    expect(ban).toMatchObject({ scope: "comments", reason: "Shouting", createdBy: mod.user.id });
    expect(ban!.until.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, mod.user.id), eq(auditLog.action, "user.posting_ban")));
    expect(audit).toBeTruthy();
    expect(JSON.stringify(audit)).toContain("comments");
    expect(await refusal(createComment(author.s, { target_kind: "title", target_id: titleId, body: "Still shouting." }))).toMatchObject({ status: 403 });
    expect((await createReview(author.s, titleId, review())).status).toBe("published");
    // The forms say the same, from one read of the author's bans: no comment form (and why), a review form.
    const forms = await postingRefusals(author.s);
    expect(forms.comment).toContain("Shouting");
    expect(forms.review).toBeNull();
    // A ban from everything refuses both.
    await db.insert(postingBans).values({ userId: author.user.id, scope: "all", until: new Date(Date.now() + 86_400_000), reason: "Everything", createdBy: mod.user.id });
    const all = await postingRefusals(author.s);
    expect(all.review).toContain("Everything");
    expect(all.comment).toContain("Shouting"); // the longer of the two bans that apply
  });

  it("moderators cannot ban staff or anyone with rights they lack; a full moderator may ban from everything", async () => {
    const titleId = await newTitle();
    const mod = await person(COMMENT_MODERATOR);
    const actor = { userId: mod.user.id, email: mod.user.email, ip: null };
    const admin = await person();
    await grant(admin.user.id, ["admin"]);
    const staff = await person();
    await grant(staff.user.id, ["admin.access", "comments.create"]);
    const reviewMod = await person();
    await grant(reviewMod.user.id, ["reviews.moderate", "comments.create"]);
    for (const target of [admin, staff, reviewMod]) {
      const c = await createComment(target.s, { target_kind: "title", target_id: titleId, body: `Posted by someone with rights ${Math.random()}` });
      expect(await refusal(moderate(mod.s, actor, { subject_kind: "comment", subject_id: c.id, action: "ban", ban_days: 7, reason: "Testing" }))).toMatchObject({ status: 403 });
      expect(await db.select().from(postingBans).where(eq(postingBans.userId, target.user.id))).toEqual([]);
    }
    const full = await person(MODERATOR);
    const plain = await person();
    await grant(plain.user.id, ["comments.create", "reviews.create"]);
    const c = await createComment(plain.s, { target_kind: "title", target_id: titleId, body: "Spam spam spam." });
    await moderate(full.s, { userId: full.user.id, email: null, ip: null }, { subject_kind: "comment", subject_id: c.id, action: "ban", ban_days: 7, ban_scope: "all", reason: "Spam" });
    expect(await refusal(createReview(plain.s, titleId, review()))).toMatchObject({ status: 403, message: expect.stringContaining("Spam") });
  });

  it('an author without a name shows as "Member <id>" on reviews and comments, never their e-mail\'s local part', async () => {
    const titleId = await newTitle();
    const nameless = await person();
    const local = `secret-${Math.random().toString(36).slice(2, 8)}`;
    await db.run(sql`UPDATE users SET first_name = NULL, last_name = NULL, display_name = NULL, email = ${`${local}@example.test`} WHERE id = ${nameless.user.id}`);
    await createReview(nameless.s, titleId, review());
    await createComment(nameless.s, { target_kind: "title", target_id: titleId, body: "No name given." });
    const shown = JSON.stringify([
      await listReviews(db, titleId, 0),
      await listThread(db, { kind: "title", id: titleId }),
      await moderationQueue(db, { can: () => true }).then((q) => q.map((i) => i.author.name)),
    ]);
    expect(shown).toContain(`Member ${nameless.user.id}`);
    expect(shown).not.toContain(local);
  });

  it("votes and reports are rate-limited per account and per address, like posts (429 with Retry-After, nothing written)", async () => {
    const titleId = await newTitle();
    const author = await person();
    const { id } = await createReview(author.s, titleId, review());
    const c = await createComment(author.s, { target_kind: "title", target_id: titleId, body: "Report me if you must." });
    // One fixed minute for every counter here, so a window boundary mid-test cannot reset them.
    const at = Date.UTC(2031, 0, 1, 0, Math.floor(Math.random() * 500_000));
    const minute = new D1RateLimiter(db, () => at);
    const voter = await person();
    voter.s.limiter = minute;
    for (let i = 0; i < COMMUNITY_VOTES_PER_MINUTE_PER_ACCOUNT; i++) await voteReview(voter.s, id, i % 2 === 0);
    const votedOut = await refusal(voteReview(voter.s, id, true));
    expect(votedOut).toMatchObject({ status: 429 });
    const reporter = await person();
    reporter.s.limiter = minute;
    for (let i = 0; i < COMMUNITY_REPORTS_PER_MINUTE_PER_ACCOUNT; i++) await reportContent(reporter.s, "comment", c.id, { reason: "spam" });
    expect(await refusal(reportContent(reporter.s, "comment", c.id, { reason: "spam" }))).toMatchObject({ status: 429 });

    // Per address: fresh accounts behind one address share its allowance.
    const shared = `192.0.2.${Math.floor(Math.random() * 200)}`;
    const crowd = await Promise.all(Array.from({ length: Math.ceil(COMMUNITY_REPORTS_PER_MINUTE_PER_IP / COMMUNITY_REPORTS_PER_MINUTE_PER_ACCOUNT) + 1 }, () => person()));
    let sent = 0;
    for (const member of crowd) {
      member.s.ip = shared;
      member.s.limiter = minute;
      for (let i = 0; i < COMMUNITY_REPORTS_PER_MINUTE_PER_ACCOUNT && sent < COMMUNITY_REPORTS_PER_MINUTE_PER_IP; i++, sent++) await reportContent(member.s, "comment", c.id, { reason: "abuse" });
    }
    const last = crowd.at(-1)!;
    const before = await db
      .select()
      .from(contentReports)
      .where(and(eq(contentReports.subjectId, c.id), eq(contentReports.userId, last.user.id)));
    expect(await refusal(reportContent(last.s, "comment", c.id, { reason: "abuse" }))).toMatchObject({ status: 429 });
    expect(
      await db
        .select()
        .from(contentReports)
        .where(and(eq(contentReports.subjectId, c.id), eq(contentReports.userId, last.user.id))),
    ).toEqual(before);
  });

  it("bidi overrides never reach a stored review headline, review body, comment body or report note", async () => {
    const titleId = await newTitle();
    const author = await person();
    const rlo = "\u202E";
    const { id } = await createReview(author.s, titleId, review({ headline: `Great${rlo}3pm.exe`, body: `A fine \u2066film\u2069 with ${rlo}a twist at the end, truly.` }));
    const c = await createComment(author.s, commentInputSchema.parse({ target_kind: "title", target_id: titleId, body: `Look${rlo}here \u202Bplease` }));
    const [r] = await db.select().from(reviews).where(eq(reviews.id, id));
    const [k] = await db.select().from(comments).where(eq(comments.id, c.id));
    expect(r!.headline).toBe("Great3pm.exe");
    expect(`${r!.body}${r!.bodyHtml}${k!.body}${k!.bodyHtml}`).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it("approving a reported review that was never hidden tells its author nothing; approving a hidden one says it is shown again (decision 030)", async () => {
    const titleId = await newTitle("The Glass Orchard");
    const author = await person(POSTER, { name: "Wren Alder" });
    const reporter = await person();
    const mod = await person(MODERATOR);
    const actor = { userId: mod.user.id, email: mod.user.email, ip: null };
    const review = await createReview(author.s, titleId, { score: 6, headline: "Slow but kind", body: "A slow film, and a kind one too.", spoiler: false });
    await reportContent(reporter.s, "review", review.id, { reason: "spam" });

    // The queue names the author by their public name (never the address twice) and the film.
    const queued = (await moderationQueue(db, { can: () => true })).find((item) => item.kind === "review" && item.id === review.id);
    expect(queued).toMatchObject({ author: { name: "Wren Alder", email: author.user.email }, about: "The Glass Orchard" });

    const told = () =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, author.user.id), eq(notifications.type, "community.moderation")));
    await moderate(mod.s, actor, { subject_kind: "review", subject_id: review.id, action: "approve" });
    await mod.notifier.settle();
    expect(await told()).toHaveLength(0);
    expect(await outboxFor(author.user.email)).toHaveLength(0);

    await moderate(mod.s, actor, { subject_kind: "review", subject_id: review.id, action: "hide" });
    await moderate(mod.s, actor, { subject_kind: "review", subject_id: review.id, action: "approve" });
    await mod.notifier.settle();
    const lines = (await told()).map((row) => JSON.stringify(row.data));
    expect(lines).toHaveLength(2);
    expect(lines.filter((line) => line.includes("now shown to everyone"))).toHaveLength(1);
  });

  it("stored XSS in titles, bodies and comments reaches notifications and mails only as text", async () => {
    const titleId = await newTitle();
    const author = await person();
    const evil = `<img src=x onerror=alert(1)></script><script>alert(2)</script>`;
    const { id } = await createReview(author.s, titleId, review({ headline: evil, body: `${evil} [x](javascript:alert(3)) and more words` }));
    const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
    expect(row!.bodyHtml).not.toMatch(/<img|<script|href="javascript/i);
    const replier = await person(POSTER, { name: evil });
    await createComment(replier.s, { target_kind: "review", target_id: id, body: evil });
    await replier.notifier.settle();
    const [told] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.user.id), eq(notifications.type, "community.reply")));
    const lines = JSON.stringify(told!.data.lines);
    expect(lines).not.toMatch(/<img|<script|<\/script>/i);
    expect(lines).toContain("&lt;img src=x onerror=alert(1)&gt;");
    const [mail] = await outboxFor(author.user.email);
    expect(mail!.html).not.toMatch(/<img src=x|<script>alert/i);
    expect(mail!.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});
