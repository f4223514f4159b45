/** What the library's forms answer a fetcher: {ok, message} and, for bad input, field errors. */
export interface LibraryAnswer {
  ok: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  [key: string]: unknown;
}
