import type { Db } from '../../platform/db';
import { parentOf } from './ledger.repo';
import { topUp, type TopUpInput } from './top-up';
import { transfer } from './transfer';

/**
 * For tests: gives `agencyId` the amount the way money enters, the platform funding its top-level
 * ancestor and each parent transferring it one level down (each agency credited `reference` once).
 * Returns the id of the entry that credited `agencyId`.
 */
export async function fundThroughParents(tx: Db, input: TopUpInput): Promise<number> {
  const chain = [input.agencyId];
  for (let p = await parentOf(tx, input.agencyId); p !== null && p !== undefined; p = await parentOf(tx, p)) {
    chain.unshift(p);
  }
  const [top, ...below] = chain;
  if (top === undefined) throw new Error('no agency');
  let entryId = await topUp(tx, { ...input, agencyId: top });
  let from = top;
  for (const agencyId of below) {
    entryId = await transfer(tx, { ...input, fromAgencyId: from, toAgencyId: agencyId });
    from = agencyId;
  }
  return entryId;
}
