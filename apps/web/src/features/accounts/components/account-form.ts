import { accountEntity } from '@gatehouse/contract';
import type { Account, CreateAccountBody, UpdateAccountBody } from '@/features/accounts/api/accounts.api';
import { bodyValues, emptyValues, formValues } from '@/lib/entity';

/**
 * What the account dialog's form holds: each writable field of the descriptor (accounts.entity.ts) as its control
 * holds it (a text, a switch's boolean, a picker's id or null), and what the dialog adds to them.
 */
export interface AccountFormValues {
  [field: string]: unknown;
  password?: string;
  confirmPassword?: string;
  /** 首次登录须修改密码 (create only): ticked unless the administrator unticks it. */
  mustChangePassword?: boolean;
  /** 岗位: the ids of the posts it holds. */
  postIds?: number[];
}

/** The server's rule for a phone number (apps/server accounts.service PHONE): checked inline before it is sent. */
export const PHONE_PATTERN = /^\+?[\d\- ]{5,30}$/;

/** A new account: every writable field empty (a state switch on), 首次登录须修改密码 ticked, no posts. */
export const emptyAccountForm: AccountFormValues = {
  ...emptyValues(accountEntity),
  mustChangePassword: true,
  postIds: [],
};

/** Editing starts from the row as it is (the original showed enabled rows as disabled; reference UI §9). */
export function toFormValues(account: Account): AccountFormValues {
  return { ...formValues(accountEntity, account), postIds: account.postIds };
}

/**
 * The writable fields' body: texts trimmed, a blank one null where the field takes null, state as 1/0, the
 * organisation's and role's ids; the posts when the form held them (absent: the field was not shown, without the
 * permission to list posts, and an edit keeps the account's).
 */
const commonFields = (values: AccountFormValues) => ({
  ...bodyValues(accountEntity, values),
  ...(values.postIds === undefined ? {} : { postIds: values.postIds }),
});

export function toCreateBody(values: AccountFormValues): CreateAccountBody {
  return {
    ...commonFields(values),
    password: values.password ?? '',
    mustChangePassword: values.mustChangePassword !== false,
  } as CreateAccountBody;
}

/** Only the fields the contract accepts. */
export function toUpdateBody(account: Account, values: AccountFormValues): UpdateAccountBody {
  return { id: account.id, ...commonFields(values) } as UpdateAccountBody;
}
