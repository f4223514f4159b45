import { DomainError } from "~/http/domain-error";

/**
 * The same answer for "does not exist" and "not yours to see", so ids cannot
 * be probed; the same words as the api/v1 workspaceId check.
 */
export const notAMember = () => new DomainError(403, "You are not a member of this workspace.");
export const inviteNoLongerValid = () => new DomainError(404, "This invite is no longer valid");
