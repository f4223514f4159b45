/** A refusal the member can act on (unknown title, episode not in this series): pages show it, the API answers with its status. */
export class LibraryError extends Error {
  constructor(
    readonly status: 404 | 422,
    readonly messageKey: string,
    readonly field?: string,
  ) {
    super(messageKey);
  }
}
