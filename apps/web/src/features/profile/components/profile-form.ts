import { normaliseMobile } from '@gatehouse/contract';
import type { ProfileBody } from '@/features/profile/api/profile.api';
import type { Account } from '@/stores/session';

/** A mainland mobile number, optionally with +86 (spaces and dashes between digits allowed). */
export const MOBILE_PATTERN = /^(?:\+86[\s-]?)?1\d{10}$/;

export interface ProfileFormValues {
  accountName: string;
  contactNumber: string;
  email: string;
  /** 联系地址: the region (province / city / district) and the street address. */
  regionId: number | null;
  address: string;
  introduction: string;
  /** The code sent to a new mobile number / e-mail (the fields show only while one is being changed). */
  mobileCode?: string;
  emailCode?: string;
}

export const toProfileFormValues = (user: Account): ProfileFormValues => ({
  accountName: user.accountName,
  contactNumber: user.contactNumber ?? '',
  email: user.email ?? '',
  regionId: user.regionId,
  address: user.address ?? '',
  introduction: user.introduction ?? '',
});

const optional = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Empty optional fields are cleared (null), so a user can remove a phone number or address. */
export const toProfileBody = (values: ProfileFormValues): ProfileBody => ({
  accountName: values.accountName.trim(),
  contactNumber: optional(values.contactNumber)?.replace(/[\s-]/g, '') ?? null,
  email: optional(values.email),
  regionId: values.regionId ?? null,
  address: optional(values.address),
  introduction: optional(values.introduction),
});

/** A mobile number as the server stores and compares it: no separators, no +86 / 0086; null when empty. */
export const mobileKey = (value: string | null | undefined): string | null => {
  const compact = value?.trim().replace(/[\s-]/g, '') ?? '';
  return compact === '' ? null : normaliseMobile(compact);
};

/** An e-mail address as the server compares it (case-insensitively); null when empty. */
export const emailKey = (value: string | null | undefined): string | null => value?.trim().toLowerCase() || null;

/**
 * The new mobile number and e-mail the form holds, where they differ from the saved ones: the server takes them only
 * with the token of a code sent to them. null where unchanged or removed (removing needs no code).
 */
export function newContacts(
  saved: Pick<Account, 'contactNumber' | 'email'>,
  values: Partial<Pick<ProfileFormValues, 'contactNumber' | 'email'>>,
): { mobile: string | null; email: string | null } {
  const mobile = mobileKey(values.contactNumber);
  const email = values.email?.trim() || null;
  return {
    mobile: mobile !== null && mobile !== mobileKey(saved.contactNumber) ? mobile : null,
    email: email !== null && emailKey(email) !== emailKey(saved.email) ? email : null,
  };
}
