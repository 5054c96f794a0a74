import { type BodyOf, type ResponseOf, routes } from '@gatehouse/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
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

/**
 * Every resource (GET /resources), not only the ones the account holds: the screen maintains the whole
 * permission tree (the original listed the user's own permission set; reference-ui §1.10).
 */
export function useResources() {
  return useQuery({
    queryKey: resourceKeys.all,
    queryFn: ({ signal }) => call(routes.listResources, { signal }),
  });
}

export function useReloadResources() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: resourceKeys.all }), [queryClient]);
}
