import { DomainError } from "~/http/domain-error";

/** The same answer for "does not exist" and "private and not yours", so ids cannot be probed. */
export const listNotFound = () => new DomainError(404, "This list does not exist or is private.");
export const cannotEdit = () => new DomainError(403, "You cannot edit this list.");
