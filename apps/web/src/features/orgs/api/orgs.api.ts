import { type BodyOf, routes } from '@gatehouse/contract';
import type { LoadOrgs, Org } from '@/components/org-picker';
import { call } from '@/lib/http';

export type { Org };
export type CreateOrgBody = BodyOf<typeof routes.createOrg>;
export type UpdateOrgBody = BodyOf<typeof routes.updateOrg>;

/** The organisation list for the tree table and the picker: a level (the roots without pid), one id, or a name search. */
export const loadOrgs: LoadOrgs = (query = {}) => call(routes.listOrgs, { query });

/** The one organisation `id` as a list (empty when there is none): the tree's only root when a link names it. */
export const loadOrg = (id: number): Promise<Org[]> => call(routes.listOrgs, { query: { id } });

export const createOrg = (body: CreateOrgBody) => call(routes.createOrg, { body });
export const updateOrg = (body: UpdateOrgBody) => call(routes.updateOrg, { body });
export const deleteOrg = (id: number) => call(routes.deleteOrg, { query: { id } });
