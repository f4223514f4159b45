import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { createApiClient } from "./fixtures/api-client";
import { setSettings } from "./fixtures/e2e-db";

/**
 * The API contract's open items (decision 036) against the built Worker:
 * the files:read scope, the uploads' error shape and tus statuses, GET on a
 * tus upload, and CORS for browser-based token clients.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function uploadByToken(baseURL: string | undefined, token: string, disk = "uploads") {
  const form = new FormData();
  form.append("disk", disk);
  form.append("file", new Blob([randomBytes(1500)], { type: "image/png" }), "still.png");
  const response = await fetch(`${baseURL}/api/v1/file-entries`, { method: "POST", body: form, headers: bearer(token) });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { fileEntry: { id: number; url: string } }).fileEntry;
}

test("a token with files:read lists and downloads its owner's private files; without it 403 naming the scope; a stranger's token 404", async ({ baseURL }) => {
  const owner = await createApiClient({ scopes: ["read", "uploads", "files:read"] });
  const entry = await uploadByToken(baseURL, owner.token);

  const listed = await fetch(`${baseURL}/api/v1/file-entries`, { headers: bearer(owner.token) });
  expect(listed.status).toBe(200);
  expect(((await listed.json()) as { pagination: { data: { id: number }[] } }).pagination.data.map((e) => e.id)).toContain(entry.id);
  const file = await fetch(`${baseURL}${entry.url}`, { headers: bearer(owner.token) });
  expect(file.status).toBe(200);
  expect((await file.arrayBuffer()).byteLength).toBe(1500);
  expect(file.headers.get("Vary")).toContain("Authorization");

  const readOnly = await createApiClient({ scopes: ["read"] });
  const refused = await fetch(`${baseURL}/api/v1/file-entries`, { headers: bearer(readOnly.token) });
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ missing_scope: "files:read" });
  const stranger = await createApiClient({ scopes: ["read", "files:read"] });
  expect((await fetch(`${baseURL}${entry.url}`, { headers: bearer(stranger.token) })).status).toBe(404);
  expect((await fetch(`${baseURL}${entry.url}`)).status).toBe(404);
  const wrongScope = await fetch(`${baseURL}${entry.url}`, { headers: bearer((await createApiClient({ scopes: ["uploads"] })).token) });
  expect(wrongScope.status).toBe(403);
});

test("uploads answer the API's one error shape, tus says 412 without its version and 400 on a bad header, and GET reports an upload's offset", async ({ baseURL }) => {
  const client = await createApiClient({ scopes: ["read", "uploads"] });
  const invalid = await fetch(`${baseURL}/api/v1/s3/simple/presign`, {
    method: "POST",
    headers: { ...bearer(client.token), "Content-Type": "application/json" },
    body: JSON.stringify({ filename: "x.jpg.html", mime: "image/jpeg", size: 10 }),
  });
  expect(invalid.status).toBe(422);
  const body = (await invalid.json()) as { message: string; errors: Record<string, unknown> };
  expect(Object.values(body.errors).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === "string"))).toBe(true);

  const tus = (method: string, path: string, headers: Record<string, string>) => fetch(`${baseURL}/api/v1/tus/upload${path}`, { method, headers: { ...bearer(client.token), ...headers } });
  const noVersion = await tus("POST", "", { "Upload-Length": "10" });
  expect(noVersion.status).toBe(412);
  expect(await noVersion.json()).toMatchObject({ message: expect.any(String), code: "tus_error" });
  expect((await tus("POST", "", { "Tus-Resumable": "1.0.0", "Upload-Length": "ten" })).status).toBe(400);

  const created = await tus("POST", "", { "Tus-Resumable": "1.0.0", "Upload-Length": "10", "Upload-Metadata": `filename ${btoa("a.txt")}` });
  expect(created.status).toBe(201);
  const id = created.headers.get("Location")!.split("/").pop()!;
  const status = await tus("GET", `/${id}`, {});
  expect(status.status).toBe(200);
  expect(await status.json()).toMatchObject({ upload_id: id, offset: 0, length: 10, complete: false });
  expect((await tus("HEAD", `/${id}`, { "Tus-Resumable": "1.0.0" })).headers.get("Upload-Offset")).toBe("0");
});

test.describe("CORS for browser-based token clients", () => {
  test.afterEach(async ({ request }) => {
    await setSettings(request, { "api.cors_origins": undefined });
  });

  test("an allowed origin gets its preflight and answers without credentials; another origin gets no CORS headers; a cookie write from it stays refused", async ({ baseURL, request }) => {
    await setSettings(request, { "api.cors_origins": ["https://app.example"] });
    const client = await createApiClient({ scopes: ["read", "lists:write"] });
    const preflight = await fetch(`${baseURL}/api/v1/titles`, {
      method: "OPTIONS",
      headers: { Origin: "https://app.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
    expect(preflight.headers.get("Access-Control-Allow-Credentials")).toBeNull();

    const read = await fetch(`${baseURL}/api/v1/titles`, { headers: { Origin: "https://app.example", ...bearer(client.token) } });
    expect(read.status).toBe(200);
    expect(read.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example");
    expect(read.headers.get("Vary")).toContain("Origin");

    const evil = await fetch(`${baseURL}/api/v1/titles`, { headers: { Origin: "https://evil.example" } });
    expect([...evil.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
    const evilPreflight = await fetch(`${baseURL}/api/v1/titles`, { method: "OPTIONS", headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" } });
    expect([...evilPreflight.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);

    // A token write from the allowed origin passes the CSRF guard; the same write from another origin does not.
    const write = (origin: string) =>
      fetch(`${baseURL}/api/v1/lists`, { method: "POST", headers: { Origin: origin, "Content-Type": "application/json", ...bearer(client.token) }, body: JSON.stringify({ name: "From the app" }) });
    const allowed = await write("https://app.example");
    expect(allowed.status, await allowed.clone().text()).toBeLessThan(300);
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example");
    expect((await write("https://evil.example")).status).toBe(403);
    // The visitor's cookie is no credential for another origin, listed or not.
    const cookieWrite = await fetch(`${baseURL}/api/v1/lists`, {
      method: "POST",
      headers: { Origin: "https://app.example", "Content-Type": "application/json", Cookie: client.cookieHeader },
      body: JSON.stringify({ name: "Ridden session" }),
    });
    expect(cookieWrite.status).toBe(403);
  });
});
