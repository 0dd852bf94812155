import { MAX_JOB_ATTEMPTS } from '../../platform/jobs';
import type { JobRow } from '../../platform/jobs.schema';
import { SupplierRefusal } from '../shopping/index';

/**
 * A job's call to a supplier after booking (ticketing, reissue, refund, void): its answer, or
 * undefined when the supplier refused (`SupplierRefusal`). Any other failure (a timeout, a dropped
 * connection) leaves the outcome unknown, since the supplier may have done it, so it is thrown and
 * the job runner asks again later, with backoff. Only the job's last attempt takes no answer as a
 * refusal, so that the order does not wait forever.
 */
export async function answerOrRefusal<T>(job: JobRow, call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SupplierRefusal || job.attempts >= MAX_JOB_ATTEMPTS) return undefined;
    throw error;
  }
}
