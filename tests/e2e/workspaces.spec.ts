import { expect, test, type Page } from "@playwright/test";
import { queryE2e } from "./fixtures/e2e-db";
import { usernameFor } from "./fixtures/test-data";
import { api, createSignedInUser, createUserWithPassword, inviteLinkIn, mailTo, outbox, PASSWORD, signedInContext, uniqueAddress, uniqueName, waitForApp, type SignedInUser } from "./social/helpers";

/**
 * Workspaces end to end: invitations accepted by a user who has an
 * account (in-app Join, or the mailed link and the sign-in form) and by a
 * newcomer who registers through the mailed link; declining; an invite that
 * went away; the switcher; who may see and change what; bad input.
 */

const toast = (page: Page) => page.getByTestId("toast");

async function createWorkspaceAsApi(request: Parameters<typeof api>[0], owner: SignedInUser, name = uniqueName("Crew")) {
  const created = await api(request, owner, "POST", "/workspaces", { name });
  expect(created.status).toBe(201);
  return created.body.workspace as { id: number; name: string };
}

test.describe("invitations", () => {
  test("one user invites; a second with an account joins from the notification, a third registers through the mailed link", async ({ browser, request }) => {
    // Several browsers and many requests: more than the default budget on a busy 2-core machine.
    test.slow();
    const owner = await createSignedInUser("owner");
    const member = await createSignedInUser("member");
    const newcomer = uniqueAddress("newcomer");
    const name = uniqueName("Film club");

    // The owner creates the workspace and invites both (the form, with JavaScript).
    const ownerContext = await signedInContext(browser, owner);
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto("/workspaces");
    await waitForApp(ownerPage);
    await ownerPage.getByLabel("Name").fill(name);
    await ownerPage.getByRole("button", { name: "Create", exact: true }).click();
    await ownerPage.waitForURL(/\/workspaces\/\d+$/);
    await expect(ownerPage.getByTestId("workspace-name")).toHaveText(name);
    await expect(toast(ownerPage)).toContainText("Created workspace");
    const workspaceId = Number(new URL(ownerPage.url()).pathname.split("/").pop());
    // A new workspace becomes the active one.
    await expect(ownerPage.locator("[data-testid=active-workspace]:visible")).toHaveText(name);
    await ownerPage.getByTestId("invite-form").getByLabel("Email addresses").fill(`${member.email}, ${newcomer}`);
    await ownerPage.getByTestId("invite-form").getByRole("button", { name: "Send invitations" }).click();
    await expect(toast(ownerPage)).toContainText("2 invitations sent");
    await expect(ownerPage.getByTestId("pending-invite")).toHaveCount(2);

    // The member has a notification with Join and Decline (and a mail).
    await mailTo(request, member.email, new RegExp(`Join ${name}`));
    const memberContext = await signedInContext(browser, member);
    const memberPage = await memberContext.newPage();
    await memberPage.goto("/");
    await waitForApp(memberPage);
    await expect(memberPage.locator("[data-testid=unread-badge]:visible").first()).toHaveText("1");
    await memberPage.getByTestId("notifications-button").click();
    const popover = memberPage.getByTestId("notifications-popover");
    await expect(popover.getByTestId("notification")).toContainText(`invited you to join the ${name} workspace`);
    await popover.getByTestId("notification-join").click();
    await expect(toast(memberPage)).toContainText("Joined workspace");
    // Joining switched the active workspace and refreshed the page's data.
    await expect(memberPage.locator("[data-testid=active-workspace]:visible")).toHaveText(name);
    await expect(memberPage.locator("[data-testid=unread-badge]:visible")).toHaveCount(0);

    // The newcomer follows the mailed link, registers (address filled in and locked) and lands in the workspace.
    const mail = await mailTo(request, newcomer, new RegExp(`Join ${name}`));
    const guestContext = await browser.newContext();
    const guestPage = await guestContext.newPage();
    await guestPage.goto(inviteLinkIn(mail));
    await expect(guestPage).toHaveURL(/\/workspace\/join\/register\?/);
    await expect(guestPage.getByRole("heading", { name: "To join your team on Reelbase, create an account" })).toBeVisible();
    const form = guestPage.getByTestId("register-form");
    await expect(form.getByLabel("Email")).toHaveValue(newcomer);
    await expect(form.getByLabel("Email")).toHaveAttribute("readonly", "");
    await form.getByLabel("Username").fill(usernameFor(newcomer));
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    for (const box of await form.getByRole("checkbox").all()) await box.check();
    await form.getByRole("button", { name: "Create account" }).click();
    // The invitation's link proved the address (its token went only to that mailbox): registration signs in at once,
    // without the usual "check your email" step (decision 021), straight into the workspace.
    await guestPage.waitForURL(new RegExp(`/workspaces/${workspaceId}$`));
    await expect(toast(guestPage)).toContainText("Joined workspace");
    await expect(guestPage.locator("[data-testid=active-workspace]:visible")).toHaveText(name);
    const [verified] = await queryE2e<{ email_verified_at: number | null }>("SELECT email_verified_at FROM users WHERE email = ?", [newcomer]);
    expect(verified.email_verified_at).not.toBeNull();

    await ownerPage.reload();
    await expect(ownerPage.getByTestId("member")).toHaveCount(3);
    await expect(ownerPage.getByTestId("pending-invite")).toHaveCount(0);
    await Promise.all([ownerContext.close(), memberContext.close(), guestContext.close()]);
  });

  test("an invitee with an account who is signed out signs in through the mailed link and lands in the workspace", async ({ browser, request }) => {
    const owner = await createSignedInUser("owner");
    const invitee = await createUserWithPassword("returning");
    const workspace = await createWorkspaceAsApi(request, owner);
    expect((await api(request, owner, "POST", `/workspaces/${workspace.id}/invite`, { emails: [invitee.email] })).status).toBe(201);
    const mail = await mailTo(request, invitee.email, /^Join /);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(inviteLinkIn(mail));
    await expect(page).toHaveURL(/\/workspace\/join\/login\?/);
    await expect(page.getByRole("heading", { name: "To join your team on Reelbase, sign in to your account" })).toBeVisible();
    const form = page.getByTestId("login-form");
    await expect(form.getByLabel("Email")).toHaveValue(invitee.email);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(new RegExp(`/workspaces/${workspace.id}$`));
    await expect(page.getByTestId("member")).toHaveCount(2);
    expect((await context.cookies()).find((c) => c.name === "activeWorkspaceId")?.value).toBe(String(workspace.id));
    await context.close();
  });

  test("declining removes the invite; an invite that went away says so and loses its buttons", async ({ browser, request }) => {
    const owner = await createSignedInUser("owner");
    const invitee = await createSignedInUser("invitee");
    const [first, second] = [await createWorkspaceAsApi(request, owner, uniqueName("First")), await createWorkspaceAsApi(request, owner, uniqueName("Second"))];
    const invited = await api(request, owner, "POST", `/workspaces/${first.id}/invite`, { emails: [invitee.email] });
    await api(request, owner, "POST", `/workspaces/${second.id}/invite`, { emails: [invitee.email], role: "admin" });

    const context = await signedInContext(browser, invitee);
    const page = await context.newPage();
    await page.goto("/notifications");
    await waitForApp(page);
    const items = page.getByTestId("notification");
    await expect(items).toHaveCount(2);
    // Newest first: the second workspace's invitation. Decline it.
    await items.nth(0).getByTestId("notification-decline").click();
    await expect(toast(page)).toContainText("Declined workspace invitation");
    await expect(items.nth(0).getByTestId("notification-decline")).toHaveCount(0);
    expect((await api(request, owner, "GET", `/workspaces/${second.id}`)).body.workspace.invites).toEqual([]);

    // The owner revokes the other invitation meanwhile: joining it is no longer possible.
    expect((await api(request, owner, "DELETE", `/workspace/invite/${invited.body.invites[0].id}`)).body.message).toBe("Invitation revoked");
    await items.nth(1).getByTestId("notification-join").click();
    await expect(toast(page)).toContainText("This invite is no longer valid");
    await expect(items.nth(1).getByTestId("notification-join")).toHaveCount(0);
    expect((await api(request, invitee, "GET", "/workspaces")).body.workspaces.map((w: { id: number }) => w.id)).toEqual([0]);
    // Over the API too: 404 with the same message.
    const again = await api(request, invitee, "GET", `/workspace/join/${invited.body.invites[0].id}`);
    expect(again).toMatchObject({ status: 404, body: { message: "This invite is no longer valid" } });
    await context.close();
  });

  test("without JavaScript: invite, join from the notifications page, switch workspaces", async ({ browser, request }) => {
    // Several browsers and many requests: more than the default budget on a busy 2-core machine.
    test.slow();
    const owner = await createSignedInUser("owner");
    const invitee = await createSignedInUser("nojs");
    const workspace = await createWorkspaceAsApi(request, owner, uniqueName("Plain"));

    const ownerContext = await signedInContext(browser, owner, { javaScriptEnabled: false });
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`/workspaces/${workspace.id}`);
    await ownerPage.getByLabel("Email addresses").fill(invitee.email);
    await ownerPage.getByRole("button", { name: "Send invitations" }).click();
    await expect(ownerPage.getByText("Invitation sent")).toBeVisible();
    await expect(ownerPage.getByTestId("pending-invite")).toHaveCount(1);

    const context = await signedInContext(browser, invitee, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    // Without JavaScript the bell is a link to /notifications.
    await page.locator("[data-testid=notifications-link]:visible").first().click();
    await expect(page).toHaveURL(/\/notifications$/);
    await page.getByTestId("notification-join").click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByText("Joined workspace")).toBeVisible();
    await expect(page.locator("[data-testid=active-workspace]:visible")).toHaveText(workspace.name);
    // Back to the personal workspace through the switcher (a disclosure of forms).
    await page.locator("[data-testid=workspace-switcher]:visible summary").click();
    await page.locator("[data-testid=workspace-switcher]:visible").getByTestId("switch-workspace-0").click();
    await expect(page.locator("[data-testid=active-workspace]:visible")).toHaveText("Default");
    await Promise.all([ownerContext.close(), context.close()]);
  });
});

test.describe("who may see and change a workspace", () => {
  test("non-members cannot read or change it, answer someone else's invite, or see its files by passing its id", async ({ browser, request }) => {
    // Several browsers and many requests: more than the default budget on a busy 2-core machine.
    test.slow();
    const owner = await createSignedInUser("owner");
    const member = await createSignedInUser("member");
    const stranger = await createSignedInUser("stranger");
    const workspace = await createWorkspaceAsApi(request, owner);
    const invited = await api(request, owner, "POST", `/workspaces/${workspace.id}/invite`, { emails: [member.email] });
    const inviteId = invited.body.invites[0].id as string;

    const notMember = { status: 403, body: { message: "You are not a member of this workspace." } };
    expect(await api(request, stranger, "GET", `/workspaces/${workspace.id}`)).toMatchObject(notMember);
    expect(await api(request, stranger, "PUT", `/workspaces/${workspace.id}`, { name: "Taken" })).toMatchObject(notMember);
    expect(await api(request, stranger, "DELETE", `/workspaces/${workspace.id}`)).toMatchObject(notMember);
    expect(await api(request, stranger, "POST", `/workspaces/${workspace.id}/invite`, { emails: [uniqueAddress("x")] })).toMatchObject(notMember);
    expect(await api(request, stranger, "DELETE", `/workspaces/${workspace.id}/members/${owner.userId}`)).toMatchObject(notMember);
    expect(await api(request, stranger, "GET", `/workspace/join/${inviteId}`)).toMatchObject({ status: 403, body: { message: "This invitation was sent to another email address." } });
    expect(await api(request, stranger, "DELETE", `/workspace/invite/${inviteId}`)).toMatchObject({ status: 404, body: { message: "This invite is no longer valid" } });
    expect((await api(request, null, "GET", `/workspaces/${workspace.id}`)).status).toBe(401);
    // A GET that joins must come from the site itself.
    const crossSite = await request.get(`/api/v1/workspace/join/${inviteId}`, { headers: { Cookie: member.cookieHeader, "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status()).toBe(403);
    expect((await api(request, owner, "GET", `/workspaces/${workspace.id}`)).body.workspace.name).toBe(workspace.name);

    // The member joins and uploads a private file into the workspace.
    expect((await api(request, member, "GET", `/workspace/join/${inviteId}`)).status).toBe(200);
    const upload = await request.post(`/api/v1/file-entries?workspaceId=${workspace.id}`, {
      headers: { Cookie: member.cookieHeader },
      multipart: { disk: "uploads", workspaceId: String(workspace.id), file: { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("workspace notes") } },
    });
    expect(upload.status()).toBe(201);
    const entry = (await upload.json()).fileEntry as { id: number; url: string; file_name: string };

    // Members list it and read it; the stranger gets 403 for the list and 404 for the file.
    const listed = await api(request, owner, "GET", `/file-entries?workspaceId=${workspace.id}`);
    expect(listed.body.pagination.data.map((e: { id: number }) => e.id)).toEqual([entry.id]);
    expect(await api(request, stranger, "GET", `/file-entries?workspaceId=${workspace.id}`)).toMatchObject(notMember);
    expect((await api(request, stranger, "GET", "/file-entries")).body.pagination.data).toEqual([]);
    expect((await request.get(entry.url, { headers: { Cookie: owner.cookieHeader } })).status()).toBe(200);
    expect((await request.get(entry.url, { headers: { Cookie: stranger.cookieHeader } })).status()).toBe(404);
    expect((await request.get(entry.url)).status()).toBe(404);
    // Uploading into someone else's workspace is refused too.
    const intrusion = await request.post(`/api/v1/file-entries?workspaceId=${workspace.id}`, {
      headers: { Cookie: stranger.cookieHeader },
      multipart: { workspaceId: String(workspace.id), file: { name: "x.txt", mimeType: "text/plain", buffer: Buffer.from("x") } },
    });
    expect(intrusion.status()).toBe(403);

    // The workspace page is a 404 for the stranger; switching to it is refused and the cookie alone grants nothing.
    const context = await signedInContext(browser, stranger);
    const page = await context.newPage();
    const response = await page.goto(`/workspaces/${workspace.id}`);
    expect(response?.status()).toBe(404);
    const switched = await page.request.post("/resources/workspace", { form: { workspaceId: String(workspace.id) } });
    expect(switched.status()).toBe(403);
    await context.addCookies([{ name: "activeWorkspaceId", value: String(workspace.id), url: page.url() }]);
    await page.goto("/");
    // Still only the personal workspace: no switcher, and the other workspace is named nowhere.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.locator("[data-testid=active-workspace]")).toHaveCount(0);
    await expect(page.getByText(workspace.name)).toHaveCount(0);
    await context.close();
  });

  test("roles: a member cannot rename or invite; the owner changes roles and removes members", async ({ request }) => {
    const owner = await createSignedInUser("owner");
    const member = await createSignedInUser("member");
    const workspace = await createWorkspaceAsApi(request, owner);
    const invited = await api(request, owner, "POST", `/workspaces/${workspace.id}/invite`, { emails: [member.email] });
    await api(request, member, "POST", `/workspace/join/${invited.body.invites[0].id}`);
    expect((await api(request, member, "PUT", `/workspaces/${workspace.id}`, { name: "Mine" })).status).toBe(403);
    expect((await api(request, member, "POST", `/workspaces/${workspace.id}/invite`, { emails: [uniqueAddress("x")] })).status).toBe(403);
    expect((await api(request, member, "DELETE", `/workspaces/${workspace.id}`)).status).toBe(403);
    expect((await api(request, owner, "PUT", `/workspaces/${workspace.id}/members/${member.userId}`, { role: "admin" })).status).toBe(200);
    expect((await api(request, member, "PUT", `/workspaces/${workspace.id}`, { name: "Renamed by admin" })).status).toBe(200);
    expect((await api(request, owner, "PUT", `/workspaces/${workspace.id}/members/${owner.userId}`, { role: "member" })).status).toBe(403);
    expect((await api(request, owner, "DELETE", `/workspaces/${workspace.id}/members/${member.userId}`)).status).toBe(200);
    expect((await api(request, member, "GET", `/workspaces/${workspace.id}`)).status).toBe(403);
    expect((await api(request, owner, "POST", `/workspaces/${workspace.id}/leave`)).status).toBe(403);
    expect((await api(request, owner, "DELETE", `/workspaces/${workspace.id}`)).status).toBe(200);
    expect((await api(request, owner, "GET", `/workspaces/${workspace.id}`)).status).toBe(403);
  });
});

test.describe("bad input", () => {
  test("an invalid address or an existing member is refused with a clear message, and nothing is stored or sent", async ({ browser, request }) => {
    // Several browsers and many requests: more than the default budget on a busy 2-core machine.
    test.slow();
    const owner = await createSignedInUser("owner");
    const member = await createSignedInUser("member");
    const workspace = await createWorkspaceAsApi(request, owner);
    const invited = await api(request, owner, "POST", `/workspaces/${workspace.id}/invite`, { emails: [member.email] });
    await api(request, member, "GET", `/workspace/join/${invited.body.invites[0].id}`);
    const fresh = uniqueAddress("fresh");

    const invalid = await api(request, owner, "POST", `/workspaces/${workspace.id}/invite`, { emails: [fresh, "not-an-email"] });
    expect(invalid).toMatchObject({ status: 422, body: { errors: { emails: ["Enter valid email addresses, separated by commas."] } } });
    const existing = await api(request, owner, "POST", `/workspaces/${workspace.id}/invite`, { emails: [fresh, member.email.toUpperCase()] });
    expect(existing).toMatchObject({
      status: 422,
      body: { message: `${member.email} is already a member of this workspace.`, errors: { emails: [`${member.email} is already a member of this workspace.`] } },
    });
    for (const body of [{}, { emails: [] }, { emails: [fresh], role: "owner" }, { emails: "x".repeat(3000) }]) {
      expect((await api(request, owner, "POST", `/workspaces/${workspace.id}/invite`, body)).status).toBe(422);
    }
    expect((await api(request, owner, "POST", "/workspaces", { name: "  " })).status).toBe(422);
    expect((await api(request, owner, "GET", "/workspaces/abc")).status).toBe(404);
    expect((await api(request, owner, "GET", "/workspaces/0")).status).toBe(422);
    expect((await api(request, owner, "GET", "/workspace/join/not%20valid!")).status).toBe(404);
    expect((await api(request, owner, "GET", `/workspaces/${workspace.id}`)).body.workspace.invites).toEqual([]);
    expect((await outbox(request)).some((mail) => mail.to === fresh)).toBe(false);

    // The form says the same on its field, with and without JavaScript.
    for (const javaScriptEnabled of [true, false]) {
      const context = await signedInContext(browser, owner, { javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`/workspaces/${workspace.id}`);
      if (javaScriptEnabled) await waitForApp(page);
      await page.getByLabel("Email addresses").fill(member.email);
      await page.getByRole("button", { name: "Send invitations" }).click();
      await expect(page.getByTestId("invite-form").getByTestId("field-error")).toHaveText(`${member.email} is already a member of this workspace.`);
      await page.getByLabel("Email addresses").fill("someone@, nobody");
      await page.getByRole("button", { name: "Send invitations" }).click();
      await expect(page.getByTestId("invite-form").getByTestId("field-error")).toHaveText("Enter valid email addresses, separated by commas.");
      await context.close();
    }
  });

  test("a thousand invitations in a minute are rate limited, and only what was allowed is stored", async ({ request }) => {
    const owner = await createSignedInUser("owner");
    const workspace = await createWorkspaceAsApi(request, owner);
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    // 50 requests of 20 addresses, 10 at a time: 1,000 invitations.
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, k) => {
          const emails = Array.from({ length: 20 }, (_, j) => `flood-${round}-${k}-${j}-${Date.now().toString(36)}@example.test`);
          return api(request, owner, "POST", `/workspaces/${workspace.id}/invite`, { emails });
        }),
      );
      for (const result of results) {
        statuses.push(result.status);
        if (result.status === 429) retryAfter = result.headers["retry-after"];
      }
    }
    const accepted = statuses.filter((s) => s === 201).length;
    // 30 addresses a minute: one request of 20 per rate-limit window (the run may straddle two windows).
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - accepted);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const [stored] = await queryE2e<{ count: number }>("SELECT count(*) AS count FROM workspace_invites WHERE workspace_id = ?", [workspace.id]);
    expect(Number(stored.count)).toBe(accepted * 20);
  });
});
