import { env } from "cloudflare:workers";

const WRITE = /^\s*(insert|update|delete|replace)\b/i;
const UNWRAP = Symbol("statement");

/**
 * A D1 binding that counts what a request sends (the request-queries
 * workerd tests, decision 026): statements, writes, batches, sessions, and each
 * statement with its bound values (for the query plans). Statements outside
 * a batch are one round trip each; a batch is one.
 */
export function countingD1(binding: D1Database) {
  const counts = { sessions: 0, statements: 0, writes: 0, batches: 0, batchedStatements: 0 };
  const recorded: { sql: string; params: unknown[] }[] = [];
  let executed = 0;
  const wrap = (target: Pick<D1Database, "prepare" | "batch">) => ({
    prepare(query: string) {
      counts.statements++;
      if (WRITE.test(query)) counts.writes++;
      const record = { sql: query, params: [] as unknown[] };
      recorded.push(record);
      const counting = (statement: D1PreparedStatement): D1PreparedStatement =>
        new Proxy(statement, {
          get(t, property) {
            if (property === UNWRAP) return t;
            if (property === "bind") {
              return (...params: unknown[]) => {
                record.params = params;
                return counting(t.bind(...params));
              };
            }
            // Run on its own (not in a batch): a round trip.
            if (property === "all" || property === "first" || property === "run" || property === "raw") executed++;
            const value = Reflect.get(t, property) as unknown;
            return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(t) : value;
          },
        });
      return counting(target.prepare(query));
    },
    batch(statements: D1PreparedStatement[]) {
      counts.batches++;
      counts.batchedStatements += statements.length;
      // The runtime's batch wants its own statements, not the counting proxies around them.
      return target.batch(statements.map((statement) => (statement as unknown as { [UNWRAP]?: D1PreparedStatement })[UNWRAP] ?? statement));
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
    /** Calls that reach the database: statements run on their own, and batches. */
    roundTrips: () => executed + counts.batches,
  };
}
