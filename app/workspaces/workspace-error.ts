/**
 * A refusal from the workspaces domain: an HTTP status, an English message
 * (the translation key) with its values, and the field it belongs to (for
 * form and API error maps). Route modules turn it into their answer.
 */
export class WorkspaceError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly values: Record<string, string | number> = {},
    readonly field: string | null = null,
  ) {
    super(messageKey);
    this.name = "WorkspaceError";
  }
}

/**
 * The same answer for "does not exist" and "not yours to see", so ids cannot
 * be probed; the same words as the api/v1 workspaceId check.
 */
export const notAMember = () => new WorkspaceError(403, "You are not a member of this workspace.");
export const inviteNoLongerValid = () => new WorkspaceError(404, "This invite is no longer valid");
