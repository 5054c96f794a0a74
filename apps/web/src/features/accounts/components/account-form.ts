import type { Account, CreateAccountBody, UpdateAccountBody } from '@/features/accounts/api/accounts.api';

/** What the account dialog's form holds. */
export interface AccountFormValues {
  accountNumber: string;
  accountName: string;
  password?: string;
  confirmPassword?: string;
  orgId?: number | null;
  roleId?: number | null;
  contactNumber?: string | null;
  email?: string | null;
  /** Url of the uploaded picture (头像), or nothing. */
  avatar?: string | null;
  /** The switch works on booleans; requests carry 1/0. */
  state: boolean;
  /** 首次登录须修改密码 (create only): ticked unless the administrator unticks it. */
  mustChangePassword?: boolean;
  /** 岗位: the ids of the posts it holds. */
  postIds?: number[];
}

/** The server's rule for a phone number (apps/server accounts.service PHONE): checked inline before it is sent. */
export const PHONE_PATTERN = /^\+?[\d\- ]{5,30}$/;

export const emptyAccountForm: AccountFormValues = {
  accountNumber: '',
  accountName: '',
  orgId: null,
  roleId: null,
  contactNumber: '',
  email: '',
  avatar: null,
  state: true,
  mustChangePassword: true,
  postIds: [],
};

/** Editing starts from the row as it is (the original showed enabled rows as disabled; reference UI §9). */
export function toFormValues(account: Account): AccountFormValues {
  return {
    accountNumber: account.accountNumber,
    accountName: account.accountName,
    orgId: account.orgId,
    roleId: account.roleId,
    contactNumber: account.contactNumber ?? '',
    email: account.email ?? '',
    avatar: account.avatar,
    state: account.state,
    postIds: account.postIds,
  };
}

const optional = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

const commonFields = (values: AccountFormValues) => ({
  accountNumber: values.accountNumber.trim(),
  accountName: values.accountName.trim(),
  state: values.state ? (1 as const) : (0 as const),
  orgId: values.orgId as number,
  roleId: values.roleId ?? null,
  contactNumber: optional(values.contactNumber),
  email: optional(values.email),
  avatar: optional(values.avatar),
  // Absent (the field was not shown: no permission to list posts) keeps the account's posts on an edit.
  ...(values.postIds === undefined ? {} : { postIds: values.postIds }),
});

export function toCreateBody(values: AccountFormValues): CreateAccountBody {
  return {
    ...commonFields(values),
    password: values.password ?? '',
    mustChangePassword: values.mustChangePassword !== false,
  };
}

/** Only the fields the contract accepts. */
export function toUpdateBody(account: Account, values: AccountFormValues): UpdateAccountBody {
  return { id: account.id, ...commonFields(values) };
}
