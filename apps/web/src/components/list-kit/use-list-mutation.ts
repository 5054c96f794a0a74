import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { HttpError } from '@/lib/http';
import { type MessageKey, t } from '@/lib/i18n';

export interface ListMutationOptions<V, R> {
  /** The write (the feature's contract call). */
  mutationFn: (variables: V) => Promise<R>;
  /**
   * The list's query key root, refreshed after a success; null for a list that is not a TanStack query (the lazy
   * organisation tree), which `onSuccess` refreshes itself.
   */
  queryKey: readonly unknown[] | null;
  /** Toasted after a success, e.g. 'common.deleted' (删除成功). */
  success?: MessageKey;
  /** After the toast and while the list refreshes, e.g. close the dialog. */
  onSuccess?: (answer: R, variables: V) => unknown;
  /**
   * The dialog's form: a refusal the server ties to a field of the body (`field`: a duplicate 账号, a mobile number
   * held by another account) is shown under that field too, which is focused (the toast has said it already).
   */
  form?: FormInstance;
  /** Form field names that differ from the body's (body field → form field), for `form`. */
  formFields?: Readonly<Record<string, string>>;
}

/** Shows `error` under the form field it names, when the form has that field; answers whether it did. */
export function showFieldError(
  form: FormInstance,
  error: unknown,
  formFields: Readonly<Record<string, string>> = {},
): boolean {
  if (!(error instanceof HttpError)) return false;
  const field = (error.body as { field?: unknown } | null | undefined)?.field;
  if (typeof field !== 'string') return false;
  const name = formFields[field] ?? field;
  // Only a field the form has: the name comes from the server, and nothing else is done with it.
  if (!Object.hasOwn(form.getFieldsValue(true), name)) return false;
  form.setFields([{ name, errors: [error.message] }]);
  form.focusField(name);
  return true;
}

/**
 * A list screen's write through TanStack's `useMutation`: `isPending` drives the button or the dialog's OK (a
 * second click while it runs is ignored by `mutate` callers checking it, and by antd's loading buttons), a success
 * toasts and refreshes the list (its query, or what `onSuccess` reloads), a failure has been reported by the http
 * client already (the dialog stays open with its input). `mutateAsync` rejects on failure; `run` answers `{ value }`
 * or undefined instead.
 */
export function useListMutation<V, R>(options: ListMutationOptions<V, R>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: options.mutationFn,
    onError: (error) => {
      if (options.form) showFieldError(options.form, error, options.formFields);
    },
    onSuccess: async (answer, variables) => {
      if (options.success) message.success({ content: t(options.success), key: options.success });
      await options.onSuccess?.(answer, variables);
      if (options.queryKey) await queryClient.invalidateQueries({ queryKey: options.queryKey });
    },
  });
  return {
    ...mutation,
    /** Runs the write unless one is in flight; answers `{ value }`, or undefined when refused or already running. */
    run: async (variables: V): Promise<{ value: R } | undefined> => {
      if (mutation.isPending) return undefined;
      try {
        return { value: await mutation.mutateAsync(variables) };
      } catch {
        return undefined;
      }
    },
  };
}
