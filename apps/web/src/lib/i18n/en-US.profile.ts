import type { zhCNProfile } from './zh-CN.profile';

/** en-US texts of the profile screens; every zh-CN key, checked by the compiler. */
export const enUSProfile = {
  'profile.region': 'Region',
  'profile.addressPlaceholder': 'Street address, building, door number',
  'profile.title': 'Profile',
  'profile.accountName': 'Name',
  'profile.accountNumber': 'Account',
  'profile.contactNumber': 'Mobile',
  'profile.email': 'Email',
  'profile.org': 'Organization',
  'profile.role': 'Role',
  'profile.createTime': 'Created',
  'profile.address': 'Address',
  'profile.introduction': 'About me',
  'profile.none': 'Not given',
  'profile.noRole': 'None',
  'profile.editTitle': 'Edit profile',
  'profile.accountNameRequired': 'Please enter the name',
  'profile.length100': 'At most 100 characters',
  'profile.phoneInvalid': 'Invalid mobile number, please re-enter',
  'profile.emailInvalid': 'Invalid email address',
  'profile.save': 'Save',
  'profile.saved': 'Saved!',
} as const satisfies Record<keyof typeof zhCNProfile, string>;
