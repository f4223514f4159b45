import { env } from "cloudflare:workers";

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

/**
 * A D1 binding that counts what a request sends (the request-queries
 * workerd tests, decision 026): statements, writes, batches, sessions, and each
 * statement with its bound values (for the query plans). Statements outside
 * a batch are one round trip each; a batch is one.
 */
export function countingD1(binding: D1Database) {
  const counts = { sessions: 0, statements: 0, writes: 0, batches: 0, batchedStatements: 0 };
  const recorded: { sql: string; params: unknown[] }[] = [];
  const wrap = (target: Pick<D1Database, "prepare" | "batch">) => ({
    prepare(query: string) {
      counts.statements++;
      if (WRITE.test(query)) counts.writes++;
      const record = { sql: query, params: [] as unknown[] };
      recorded.push(record);
      const statement = target.prepare(query);
      return new Proxy(statement, {
        get(t, property) {
          if (property === "bind") {
            return (...params: unknown[]) => {
              record.params = params;
              return t.bind(...params);
            };
          }
          const value = Reflect.get(t, property) as unknown;
          return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(t) : value;
        },
      });
    },
    batch(statements: D1PreparedStatement[]) {
      counts.batches++;
      counts.batchedStatements += statements.length;
      return target.batch(statements);
    },
  });
  const counted = {
    ...wrap(binding),
    withSession(constraint?: string) {
      counts.sessions++;
      const session = binding.withSession(constraint);
      return { ...wrap(session), getBookmark: () => session.getBookmark() };
    },
  } as unknown as D1Database;
  return {
    env: { ...env, DB: counted } as Env,
    counts,
    recorded,
    roundTrips: () => counts.statements - counts.batchedStatements + counts.batches,
  };
}
