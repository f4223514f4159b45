/**
 * A refusal the member can act on. `messageKey` is an English source string
 * (translated where shown); a refusal caused by a block is always the plain
 * not-found (404), so a blocked member never learns they were blocked.
 */
export class SocialError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 422,
    readonly messageKey: string,
    readonly field?: string,
  ) {
    super(messageKey);
  }
}
