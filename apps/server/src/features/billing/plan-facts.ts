import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';
import type { PlanFacts } from './entitlement.ts';

/**
 * The columns a person's plan is decided from (entitlement.ts), for a query over `users u left join
 * subscriptions b on b.user_id = u.id`: the session's query and planFactsOfUser read the same ones.
 */
export const PLAN_FACTS_COLUMNS = `u.access_level as "accessLevel", b.provider as "subscriptionProvider",
  b.status as "subscriptionStatus", b.current_period_end as "currentPeriodEnd",
  b.cancel_at_period_end as "cancelAtPeriodEnd", u.pro_granted_until as "proGrantedUntil"`;

export type PlanFactsRow = {
  accessLevel: string;
  subscriptionProvider: string | null;
  subscriptionStatus: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean | null;
  proGrantedUntil: Date | null;
};

export function toPlanFacts(row: PlanFactsRow): PlanFacts {
  const { subscriptionProvider: provider, subscriptionStatus: status, currentPeriodEnd, cancelAtPeriodEnd } = row;
  return {
    accessLevel: row.accessLevel,
    proGrantedUntil: row.proGrantedUntil,
    subscription:
      provider !== null && status !== null && currentPeriodEnd !== null
        ? { provider, status, currentPeriodEnd, cancelAtPeriodEnd: cancelAtPeriodEnd === true }
        : null,
  };
}

const planFactsByUser = preparedStatement<PlanFactsRow>(
  'plan_facts_by_user',
  `select ${PLAN_FACTS_COLUMNS} from users u left join subscriptions b on b.user_id = u.id where u.id = $1`,
);

/** What the plan of a user is decided from; undefined when the user does not exist. */
export async function planFactsOfUser(db: Db, userId: string): Promise<PlanFacts | undefined> {
  const [row] = await planFactsByUser(db, [userId]);
  return row ? toPlanFacts(row) : undefined;
}
