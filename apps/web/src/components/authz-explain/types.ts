import type { ResponseOf, routes } from '@gatehouse/contract';

/** GET /authz/explain/account: what an account holds, what grants each, and its data scope. */
export type AccountExplanation = ResponseOf<typeof routes.explainAccount>;
export type ExplainedResource = AccountExplanation['resources'][number];
/** A data scope as it applies to one account, with the whole of it in words (`text`). */
export type ScopeSummary = AccountExplanation['scope'];
/** GET /authz/explain/resource: the roles holding a resource, with their accounts. */
export type ResourceExplanation = ResponseOf<typeof routes.explainResource>;

/** Loads an explanation; components talk no HTTP, the feature showing them hands in its contract call. */
export type LoadExplanation<T> = (id: number, signal: AbortSignal) => Promise<T>;
