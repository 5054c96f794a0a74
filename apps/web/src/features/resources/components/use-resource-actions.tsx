import { useConfirmDelete } from '@/components/confirm-delete';
import { useListMutation } from '@/components/list-kit';
import { deleteResource, type Resource, resourceKeys } from '@/features/resources/api/resources.api';
import { t } from '@/lib/i18n';
import { resourceTitle } from '@/lib/i18n/resource-title';

/** Delete flow of the resource tree: confirm naming the resource, delete through a mutation, tell, reload. */
export function useResourceActions(resources: readonly Resource[], onDeleted: (resource: Resource) => unknown) {
  const confirmDelete = useConfirmDelete();
  const removal = useListMutation({
    mutationFn: (resource: Resource) => deleteResource(resource.id),
    queryKey: resourceKeys.all,
    success: 'common.deleted',
    onSuccess: (_answer, resource) => onDeleted(resource),
  });

  // The server refuses a resource with children; said before the click.
  const remove = (resource: Resource) => {
    const children = resources.filter((r) => r.pid === resource.id).length;
    confirmDelete({
      question: 'resource.deleteConfirm',
      name: resourceTitle(resource),
      detail: children > 0 ? t('resource.deleteHasChildren', { count: children }) : undefined,
      run: () => removal.run(resource),
    });
  };

  return { remove };
}
