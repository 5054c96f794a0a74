import { type BodyOf, type ResponseOf, routes } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/http';

export type Resource = ResponseOf<typeof routes.listResources>[number];
export type CreateResourceBody = BodyOf<typeof routes.createResource>;
export type UpdateResourceBody = BodyOf<typeof routes.updateResource>;

export const resourceKeys = {
  all: ['resources'] as const,
};

export const createResource = (body: CreateResourceBody) => call(routes.createResource, { body });
export const updateResource = (body: UpdateResourceBody) => call(routes.updateResource, { body });
export const deleteResource = (id: number) => call(routes.deleteResource, { query: { id } });
/** 授权说明: the roles holding a resource, with their accounts (GET /authz/explain/resource). */
export const explainResource = (id: number, signal: AbortSignal) =>
  call(routes.explainResource, { query: { id }, signal });

/**
 * Every resource (GET /resources), not only the ones the account holds: the screen maintains the whole
 * permission tree (the original listed the user's own permission set; reference UI §1.10).
 */
export function useResources() {
  return useQuery({
    queryKey: resourceKeys.all,
    queryFn: ({ signal }) => call(routes.listResources, { signal }),
  });
}
