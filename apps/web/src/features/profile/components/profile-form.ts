import type { Account } from '../../../stores/session';
import type { ProfileBody } from '../api/profile.api';

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
