import { createContext } from "react-router";

/** The D1 binding, handed to loaders through React Router's context. */
export const dbContext = createContext<D1Database>();
/** The request's waitUntil (work after the answer, as the site's view counting). */
export const waitUntilContext = createContext<(promise: Promise<unknown>) => void>();
