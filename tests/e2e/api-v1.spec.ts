import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../playwright.config";
import { createApiClient, type ApiClient } from "./fixtures/api-client";
import { titleWithCastAndVideo, personWithCredits, seriesWithEpisodes } from "./fixtures/catalogue";
import { queryE2e } from "./fixtures/e2e-db";

/**
 * api/v1 from outside the app: plain fetch against the built Worker with
 * real personal access tokens (Authorization: Bearer), as a client program
 * would call it. Every documented endpoint refuses a bad token (401) and a
 * user without api.access (403); each endpoint's own answers (200, 404, 422)
 * are checked below, and bad input never gets a 500.
 */

const API = `${E2E_BASE_URL}/api/v1`;

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function call(path: string, { token, method = "GET", body, headers = {} }: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { Accept: "application/json", ...headers } };
  if (token) (init.headers as Record<string, string>).Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    if (!(init.headers as Record<string, string>)["Content-Type"]) (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  const response = await fetch(path.startsWith("http") ? path : `${API}${path}`, init);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a log file): keep the text.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

function expectError(answer: Answer, status: number) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get("Content-Type")).toContain("application/json");
  expect(typeof answer.body.message).toBe("string");
  expect(answer.body.message.length).toBeGreaterThan(0);
}

function expectPagination(body: any) {
  expect(Object.keys(body.pagination)).toEqual(expect.arrayContaining(["data", "current_page", "per_page", "total", "last_page"]));
  expect(Array.isArray(body.pagination.data)).toBe(true);
}

/** A unique client address per test: rate limits are per IP. */
function ip() {
  return `10.77.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
}

let client: ApiClient;
let admin: ApiClient;
let noAccess: ApiClient;

test.beforeAll(async () => {
  [client, admin, noAccess] = await Promise.all([createApiClient(), createApiClient({ role: "admin" }), createApiClient({ apiAccess: false })]);
});

test.describe("tokens on every documented endpoint", () => {
  /** A concrete URL for a documented path: plausible values for each parameter. */
  function concrete(path: string) {
    const values: Record<string, string> = {
      id: "1",
      season: "1",
      episode: "1",
      idOrSlug: "privacy-policy",
      names: "localizations",
      requestId: "00000000-0000-4000-8000-000000000000",
      uploadId: "aaaaaaaaaaaaaaaaaaaa",
    };
    return path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "1");
  }

  test("401 with a wrong token and 403 without api.access, JSON with a message", async () => {
    const doc = (await call("/openapi.json")).body;
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ path: concrete(path), method: method.toUpperCase() })),
    );
    expect(operations.length).toBeGreaterThan(30);
    for (const { path, method } of operations) {
      const body = method === "GET" ? undefined : {};
      const bad = await call(path, { method, body, token: "rbt_ThisIsNotARealTokenAtAllButItHasTheRightLen" });
      expectError(bad, 401);
      const revoked = await call(path, { method, body, token: "not-even-the-format" });
      expectError(revoked, 401);
      const forbidden = await call(path, { method, body, token: noAccess.token });
      expectError(forbidden, 403);
    }
  });

  test("a valid token signs the call in and records last_used_at", async () => {
    const me = await call("/users/me", { token: client.token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: client.userId, email: client.email });
    const [row] = await queryE2e<{ last_used_at: number | null }>("SELECT last_used_at FROM access_tokens WHERE id = ?", [client.tokenId]);
    expect(row.last_used_at).not.toBeNull();
    // The token's use shows in the sessions list as "API Token".
    const sessions = await call("/user-sessions", { token: client.token });
    expect(sessions.status).toBe(200);
    expect(sessions.body.sessions.some((s: { token: string | null }) => s.token === "API Token")).toBe(true);
  });
});

test.describe("account, site and uploads with a token", () => {
  test("bootstrap data knows the token's user", async () => {
    const answer = await call("/bootstrap-data", { token: client.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.user).toMatchObject({ id: client.userId });
  });

  test("a direct upload and a presigned upload", async () => {
    const form = new FormData();
    form.set("file", new Blob(["hello from an API client\n"], { type: "text/plain" }), "hello.txt");
    const uploaded = await fetch(`${API}/file-entries`, { method: "POST", headers: { Authorization: `Bearer ${client.token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const { fileEntry } = (await uploaded.json()) as { fileEntry: { name: string; owner_id: number } };
    expect(fileEntry).toMatchObject({ name: "hello.txt", owner_id: client.userId });

    const presigned = await call("/s3/simple/presign", { token: client.token, method: "POST", body: { filename: "notes.txt", mime: "text/plain", size: 5, extension: "txt" } });
    expect(presigned.status).toBe(200);
    expect(presigned.body.url).toContain("/api/v1/s3/simple/object");
    expectError(await call("/s3/simple/presign", { token: client.token, method: "POST", body: { filename: "notes.txt", size: -1 } }), 422);
  });
});

test.describe("catalogue", () => {
  test("titles: paginated list with filters; bad paging and filters are 422", async () => {
    const list = await call("/titles?type=movie&order=rating&per_page=5&page=2", { token: client.token });
    expect(list.status).toBe(200);
    expectPagination(list.body);
    expect(list.body.pagination).toMatchObject({ current_page: 2, per_page: 5 });
    expect(list.body.pagination.data).toHaveLength(5);
    expect(list.body.pagination.total).toBeGreaterThan(5);
    expect(list.body.pagination.last_page).toBe(Math.ceil(list.body.pagination.total / 5));
    for (const title of list.body.pagination.data) expect(title.type).toBe("movie");
    const ratings = list.body.pagination.data.map((t: { external_rating: number }) => t.external_rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);

    // perPage, the name before snake_case (decision 036), is still read for one release.
    expect((await call("/titles?type=movie&perPage=3", { token: client.token })).body.pagination.per_page).toBe(3);

    for (const query of ["per_page=1000", "per_page=0", "perPage=1000", "page=-3", "page=99999999999999999999", "page=abc", "type=cartoon", "order=random", "rating=11", "year_from=1"]) {
      const bad = await call(`/titles?${query}`, { token: client.token });
      expectError(bad, 422);
      expect(Object.keys(bad.body.errors).length).toBeGreaterThan(0);
    }
  });

  test("a title with relations and counts; unknown relations are 422; missing titles 404", async () => {
    const movie = await titleWithCastAndVideo();
    const bare = await call(`/titles/${movie.id}`, { token: client.token });
    expect(bare.status).toBe(200);
    expect(bare.body.title).toMatchObject({ id: movie.id, name: movie.name, slug: movie.slug });
    expect(bare.body.title.credits).toBeUndefined();

    const full = await call(`/titles/${movie.id}?with=genres,credits,videos,images,keywords&loadCount=credits,videos`, { token: client.token });
    expect(full.status).toBe(200);
    const title = full.body.title;
    expect(title.credits.cast.length).toBeGreaterThan(0);
    expect(title.credits.cast[0].person).toHaveProperty("name");
    expect(title.videos.length).toBeGreaterThan(0);
    expect(title.videos[0].src).toMatch(/^\/media\//);
    expect(title.credits_count).toBeGreaterThanOrEqual(title.credits.cast.length);
    expect(title.videos_count).toBeGreaterThanOrEqual(title.videos.length);
    expect(Array.isArray(title.genres)).toBe(true);

    const unknown = await call(`/titles/${movie.id}?with=credits,actors`, { token: client.token });
    expectError(unknown, 422);
    expect(unknown.body.errors.with[0]).toContain('"actors"');
    expectError(await call(`/titles/${movie.id}?loadCount=genres`, { token: client.token }), 422);
    expectError(await call("/titles/99999999", { token: client.token }), 404);
    expectError(await call("/titles/abc", { token: client.token }), 404);
    expectError(await call("/titles/-1", { token: client.token }), 404);

    const credits = await call(`/titles/${movie.id}/credits`, { token: client.token });
    expect(credits.status).toBe(200);
    expect(credits.body.cast.length).toBe(title.credits.cast.length);
    expectError(await call("/titles/99999999/credits", { token: client.token }), 404);

    const videos = await call(`/titles/${movie.id}/videos`, { token: client.token });
    expect(videos.status).toBe(200);
    expect(videos.body.videos[0].url).toMatch(/^\/watch\/\d+$/);
    expectError(await call("/titles/99999999/videos", { token: client.token }), 404);
  });

  test("seasons and episodes of a series", async () => {
    const series = await seriesWithEpisodes();
    const seasons = await call(`/titles/${series.id}/seasons`, { token: client.token });
    expect(seasons.status).toBe(200);
    expect(seasons.body.seasons.length).toBeGreaterThanOrEqual(2);
    const number = seasons.body.seasons[0].number;

    const season = await call(`/titles/${series.id}/seasons/${number}`, { token: client.token });
    expect(season.status).toBe(200);
    expect(season.body.season.number).toBe(number);
    expect(season.body.season.episodes.length).toBeGreaterThan(0);
    const episodeNumber = season.body.season.episodes[0].episode_number;

    const episode = await call(`/titles/${series.id}/seasons/${number}/episodes/${episodeNumber}`, { token: client.token });
    expect(episode.status).toBe(200);
    expect(episode.body.episode).toMatchObject({ season_number: number, episode_number: episodeNumber });
    expect(episode.body.episode.credits).toHaveProperty("cast");
    expect(episode.body).toHaveProperty("next");

    expectError(await call(`/titles/${series.id}/seasons/999`, { token: client.token }), 404);
    expectError(await call(`/titles/${series.id}/seasons/${number}/episodes/999`, { token: client.token }), 404);
    expectError(await call(`/titles/${series.id}/seasons/x`, { token: client.token }), 404);
    expectError(await call("/titles/99999999/seasons", { token: client.token }), 404);
  });

  test("people: list, one person with credits; 404 and 422", async () => {
    const list = await call("/people?per_page=3&department=Acting", { token: client.token });
    expect(list.status).toBe(200);
    expectPagination(list.body);
    for (const person of list.body.pagination.data) expect(person.known_for).toBe("Acting");
    expectError(await call("/people?gender=robot", { token: client.token }), 422);
    expectError(await call("/people?per_page=101", { token: client.token }), 422);

    const seeded = await personWithCredits();
    const person = await call(`/people/${seeded.id}?with=credits,knownFor`, { token: client.token });
    expect(person.status).toBe(200);
    expect(person.body.person).toMatchObject({ id: seeded.id, name: seeded.name });
    expect(person.body.person.credits.length).toBeGreaterThan(0);
    expect(person.body.person.credits[0].credits[0].title).toHaveProperty("id");
    expect(Array.isArray(person.body.person.known_for_titles)).toBe(true);
    expectError(await call(`/people/${seeded.id}?with=films`, { token: client.token }), 422);
    expectError(await call("/people/99999999", { token: client.token }), 404);
  });

  test("search and genres", async () => {
    const movie = await titleWithCastAndVideo();
    const found = await call(`/search?query=${encodeURIComponent(movie.name)}&types=movie,series&per_page=5`, { token: client.token });
    expect(found.status).toBe(200);
    expect(found.body.titles[0].name).toBe(movie.name);
    expect(found.body.people).toEqual([]);
    // FTS syntax is plain text, never an error.
    const odd = await call(`/search?query=${encodeURIComponent('"NEAR( * OR ^:')}`, { token: client.token });
    expect(odd.status).toBe(200);
    expectError(await call("/search", { token: client.token }), 422);
    // Long queries are read up to 200 characters (decision 032); only absurd lengths are refused.
    expect((await call(`/search?query=${"a".repeat(10_000)}`, { token: client.token })).status).toBe(200);
    expectError(await call(`/search?query=${"a".repeat(20_001)}`, { token: client.token }), 422);
    expectError(await call("/search?query=x&types=movie,cartoon", { token: client.token }), 422);
    expectError(await call("/search?query=x&page=60", { token: client.token }), 422);

    const genres = await call("/genres?loadCount=titles", { token: client.token });
    expect(genres.status).toBe(200);
    expect(genres.body.genres.length).toBeGreaterThan(3);
    expect(typeof genres.body.genres[0].titles_count).toBe("number");
    expectError(await call("/genres?loadCount=people", { token: client.token }), 422);
  });

  test("a guest without a token reads the catalogue too (guests have titles.view)", async () => {
    const list = await call("/titles?per_page=1");
    expect(list.status).toBe(200);
    expect(list.headers.get("Vary")).toContain("Authorization");
  });
});

test.describe("pages, lookups, plans", () => {
  test("custom pages by slug and by id", async () => {
    const bySlug = await call("/custom-pages/privacy-policy", { token: client.token });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toMatchObject({ page: { slug: "privacy-policy" }, set_seo: true });
    expect(bySlug.body.seo.canonical).toContain("/pages/privacy-policy");
    // site_name, snake_case like the rest of api/v1 (decision 036); siteName, the older name, for one release.
    expect(bySlug.body.seo.site_name).toBeTruthy();
    expect(bySlug.body.seo.siteName).toBe(bySlug.body.seo.site_name);
    const byId = await call(`/custom-pages/${bySlug.body.page.id}`, { token: client.token });
    expect(byId.body.page.slug).toBe("privacy-policy");
    expectError(await call("/custom-pages/no-such-page", { token: client.token }), 404);
    expectError(await call("/custom-pages/Not_A_Slug!", { token: client.token }), 404);
  });

  test("value lists: localizations, time zones, countries", async () => {
    const lists = await call("/value-lists/localizations,timezones,countries", { token: client.token });
    expect(lists.status).toBe(200);
    expect(lists.body.localizations).toEqual(expect.arrayContaining([{ language: "en", name: "English" }]));
    expect(lists.body.timezones.Europe.some((z: { value: string; text: string }) => z.value === "Europe/Paris" && /^\(UTC[+-]\d\d:\d\d\)/.test(z.text))).toBe(true);
    expect(lists.body.countries).toEqual(expect.arrayContaining([{ code: "FR", name: "France" }]));
    const spanish = await call("/value-lists/countries", { token: client.token, headers: { "Accept-Language": "es" } });
    expect(spanish.body.countries).toEqual(expect.arrayContaining([{ code: "DE", name: "Alemania" }]));
    expectError(await call("/value-lists/planets", { token: client.token }), 404);
  });

  test("billing products under pagination.data", async () => {
    const products = await call("/billing/products", { token: client.token });
    expect(products.status).toBe(200);
    expectPagination(products.body);
  });

  test("the OpenAPI document is served", async () => {
    const doc = await call("/openapi.json", { token: client.token });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
    expect(doc.body.servers[0].url).toBe(`${E2E_BASE_URL}/api/v1`);
  });
});

test.describe("contact form over the API", () => {
  test("stored and mailed; validation as an errors map", async () => {
    const marker = `api-contact-${Date.now()}`;
    const sent = await call("/contact-page", {
      token: client.token,
      method: "POST",
      body: { name: "Ada API", email: "ada@example.test", message: `Hello ${marker}` },
      headers: { "CF-Connecting-IP": ip() },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe("Your message has been submitted.");
    const [row] = await queryE2e<{ user_id: number; mailed_at: number | null }>("SELECT user_id, mailed_at FROM contact_messages WHERE message = ?", [`Hello ${marker}`]);
    expect(row.user_id).toBe(client.userId);
    expect(row.mailed_at).not.toBeNull();

    const invalid = await call("/contact-page", { token: client.token, method: "POST", body: { name: "", email: "not-an-address" }, headers: { "CF-Connecting-IP": ip() } });
    expectError(invalid, 422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["email", "message", "name"]);
  });

  test("bad bodies: malformed JSON, wrong type, arrays, 1 MB strings, wrong method", async () => {
    const headers = { "CF-Connecting-IP": ip() };
    expectError(await call("/contact-page", { token: client.token, method: "POST", body: '{"name": "x",', headers }), 400);
    expectError(await call("/contact-page", { token: client.token, method: "POST", body: "name=x", headers: { ...headers, "Content-Type": "text/plain" } }), 415);
    expectError(await call("/contact-page", { token: client.token, method: "POST", body: [{ name: "x" }], headers }), 422);
    expectError(await call("/contact-page", { token: client.token, method: "POST", body: { name: ["x"], email: { a: 1 }, message: 5 }, headers }), 422);
    const huge = await call("/contact-page", { token: client.token, method: "POST", body: { name: "x", email: "x@example.test", message: "m".repeat(1024 * 1024) }, headers });
    expectError(huge, 413);
    const long = await call("/contact-page", { token: client.token, method: "POST", body: { name: "x", email: "x@example.test", message: "m".repeat(5001) }, headers });
    expectError(long, 422);
    expect(long.body.errors.message).toBeTruthy();
    const get = await call("/contact-page", { token: client.token });
    expectError(get, 405);
    // PUT/PATCH/DELETE as POST with an override header or _method: understood (and refused here).
    const overridden = await call("/contact-page", { token: client.token, method: "POST", body: {}, headers: { ...headers, "X-HTTP-Method-Override": "DELETE" } });
    expectError(overridden, 405);
    expect(overridden.headers.get("Allow")).toBe("POST");
    expectError(await call("/contact-page?_method=PUT", { token: client.token, method: "POST", body: {}, headers }), 405);
    // Read-only paths answer writes with a JSON 405 too.
    const write = await call("/titles", { token: client.token, method: "DELETE" });
    expectError(write, 405);
    expect(write.headers.get("Allow")).toBe("GET, HEAD");
  });

  test("rate limited per address with Retry-After", async () => {
    const headers = { "CF-Connecting-IP": ip() };
    // 5 a minute in fixed windows: if the sends straddle a window, the next 5 still reach the limit.
    let last: Answer | null = null;
    for (let i = 0; i < 11 && last?.status !== 429; i++) {
      last = await call("/contact-page", { method: "POST", body: { name: "Rate", email: "rate@example.test", message: `limit ${i}` }, headers });
    }
    expectError(last!, 429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

test.describe("error log", () => {
  test("admins list, read and download logged errors; others get 403", async () => {
    // Something to find: a deliberate failure (available on the e2e Worker).
    const failed = await fetch(`${E2E_BASE_URL}/_dev/error.json`);
    expect(failed.status).toBe(500);
    const requestId = failed.headers.get("X-Request-Id")!;
    await expect.poll(async () => (await queryE2e("SELECT id FROM error_log WHERE request_id = ?", [requestId])).length).toBe(1);

    const list = await call("/logs/error?per_page=5", { token: admin.token });
    expect(list.status).toBe(200);
    expectPagination(list.body);
    const entry = list.body.pagination.data.find((e: { request_id: string }) => e.request_id === requestId);
    expect(entry).toMatchObject({ exception: "ForcedError", source: "api", url: "/_dev/error.json" });

    const one = await call(`/logs/error/${entry.id}`, { token: admin.token });
    expect(one.status).toBe(200);
    const frames = one.body.error.trace.trace.flatMap((e: any) => (e.vendorGroup ? e.items : [e]));
    expect(frames[0].path.join("/")).toBe("app/observability/forced-error.server.ts");
    expect(Object.values(frames[0].codeSnippet).join("\n")).toContain("throw new ForcedError");

    const download = await call("/logs/error/download-latest", { token: admin.token });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toMatch(/attachment; filename="errors-.*\.log"/);
    expect(download.body).toContain("ForcedError: Forced error for the debug error viewer (API call)");
    expect(download.body).toContain("app/observability/forced-error.server.ts:28");

    expectError(await call("/logs/error", { token: client.token }), 403);
    expectError(await call("/logs/error/download-latest", { token: client.token }), 403);
    expectError(await call(`/logs/error/${entry.id}`, { token: client.token }), 403);
    expectError(await call("/logs/error/download-latest"), 401);
    expectError(await call("/logs/error/99999999", { token: admin.token }), 404);
    expectError(await call("/logs/error?page=0", { token: admin.token }), 422);
    // The site's own call on a local Worker carried the debug trace.
    const body = (await (await fetch(`${E2E_BASE_URL}/_dev/error.json`)).json()) as { ignitionTrace?: boolean; exception?: string; request_id?: string; message: string };
    expect(body).toMatchObject({ ignitionTrace: true, exception: "ForcedError", message: "Forced error for the debug error viewer (API call)" });
    expect(body.request_id).toBeTruthy();
  });
});

test("token calls are rate limited per user with Retry-After", async () => {
  const limited = await createApiClient();
  let status = 0;
  let retryAfter: string | null = null;
  // 120 a minute in fixed windows: at most two windows' worth of calls reach the limit.
  for (let i = 0; i < 242 && status !== 429; i++) {
    const answer = await call("/genres", { token: limited.token });
    status = answer.status;
    retryAfter = answer.headers.get("Retry-After");
    if (status === 429) expectError(answer, 429);
  }
  expect(status).toBe(429);
  expect(Number(retryAfter)).toBeGreaterThan(0);
});
