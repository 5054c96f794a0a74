import type { ResponseOf, routes } from '@gatehouse/contract';

export type Org = ResponseOf<typeof routes.listOrgs>[number];

/**
 * Loads the children of `pid` (the roots when undefined). Components do not call HTTP themselves;
 * the feature using the picker passes the API function.
 */
export type LoadOrgs = (pid?: number) => Promise<Org[]>;
