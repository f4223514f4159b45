import { AFTER_ANSWER_DELAY_MS } from "~/constants";
import { errorFields, log } from "~/log/log.server";
import type { AuthServices } from "./services.server";

/**
 * Runs `work` after the answer went out (decision 021): a short timer
 * first, so nothing of it, not even the account lookup's continuation, runs
 * on the isolate while the answer is still being delivered. What the work
 * does may differ with the address; the answer's time may not.
 */
export function afterTheAnswer(s: Pick<AuthServices, "worker">, what: string, work: () => Promise<unknown>) {
  const run = new Promise((resolve) => setTimeout(resolve, AFTER_ANSWER_DELAY_MS)).then(work);
  s.worker.ctx.waitUntil(run.catch((error: unknown) => log("error", `${what} failed after the answer`, errorFields(error))));
}
