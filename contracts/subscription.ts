/** GET /subscription: what the Assinatura page shows (docs/api.md), over the plan's shape on each side. */
export interface SubscriptionStatus<P> {
  /** In a trial: before its end and nothing paid yet. */
  trial: boolean;
  trialExpiration: string | null;
  /** Days left of the trial (0 on its last day); null outside a trial. */
  trialInDays: number | null;
  /** At least one invoice paid: "sign now" is behind the company. */
  subscribed: boolean;
  dueDate: string | null;
  dueInDays: number | null;
  plan: P | null;
  /** The plan the next invoice bills, when one was chosen at checkout. */
  nextPlan: P | null;
}
