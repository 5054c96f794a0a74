// What a list write refreshes: the list's query, or nothing for a list that is not a query (the organisation tree).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/testing/TestProviders';
import { useListMutation } from './use-list-mutation';

function renderWrite(queryKey: readonly unknown[] | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['orgs', 'list'], ['cached']);
  const reloaded: number[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </TestProviders>
  );
  const hook = renderHook(
    () =>
      useListMutation({
        mutationFn: (id: number) => Promise.resolve(id),
        queryKey,
        onSuccess: (id) => reloaded.push(id),
      }),
    { wrapper },
  );
  const invalidated = () => queryClient.getQueryState(['orgs', 'list'])?.isInvalidated;
  return { hook, reloaded, invalidated };
}

describe('useListMutation refresh', () => {
  it('invalidates the list query under its key after a success', async () => {
    const { hook, reloaded, invalidated } = renderWrite(['orgs']);
    await act(() => hook.result.current.run(7));
    expect(reloaded).toEqual([7]);
    expect(invalidated()).toBe(true);
  });

  it('with queryKey null invalidates nothing: onSuccess reloads what the write changed', async () => {
    const { hook, reloaded, invalidated } = renderWrite(null);
    await act(() => hook.result.current.run(7));
    expect(reloaded).toEqual([7]);
    expect(invalidated()).toBe(false);
  });
});
