import { useConfirmDelete } from '@/components/confirm-delete';
import { deleteResource, type Resource } from '@/features/resources/api/resources.api';

/** Delete flow of the resource tree: confirm, call, tell, then let the page reload. */
export function useResourceActions(onDeleted: (resource: Resource) => unknown) {
  const confirmDelete = useConfirmDelete();

  const remove = (resource: Resource) =>
    confirmDelete(
      () => deleteResource(resource.id),
      () => onDeleted(resource),
    );

  return { remove };
}
