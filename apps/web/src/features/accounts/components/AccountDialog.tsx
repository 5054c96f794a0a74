import { LockOutlined } from '@ant-design/icons';
import { ACCOUNT_POSTS_MAX, accountEntity, PASSWORD_MAX, routes } from '@gatehouse/contract';
import { Checkbox, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { Fragment, type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { FormDialog } from '@/components/form-dialog';
import { useListMutation } from '@/components/list-kit';
import { OrgPicker } from '@/components/org-picker';
import { AvatarUploader } from '@/components/upload';
import { PasswordStrengthInput } from '@/components/verification';
import {
  type Account,
  accountKeys,
  createAccount,
  loadOrgs,
  updateAccount,
  useEnabledPosts,
  useRoles,
} from '@/features/accounts/api/accounts.api';
import { controlOf, fieldLabel, inputLimits, rulesOf, writableFields } from '@/lib/entity';
import { byLocale, t } from '@/lib/i18n';
import { passwordPolicy } from '@/stores/server-options';
import { canCall, useSession } from '@/stores/session';
import {
  type AccountFormValues,
  emptyAccountForm,
  PHONE_PATTERN,
  toCreateBody,
  toFormValues,
  toUpdateBody,
} from './account-form';

/** The personal page (个人信息), where one's own mobile number and e-mail are changed with a code. */
const PROFILE_PATH = '/system/Profile';

/** `account` undefined = create. */
export interface AccountDialogTarget {
  account?: Account;
}

export interface AccountDialogProps {
  target: AccountDialogTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The 添加账号 / 修改账号 dialog. It stays open until the server accepts the save, so a rejected form (e.g. a duplicate
 * account number, shown as a toast by the http client) can be corrected instead of retyped.
 */
export function AccountDialog({ target, onClose, onSaved }: AccountDialogProps) {
  return (
    <FormDialog
      title={(shown) => t(shown.account ? 'account.dialogEdit' : 'account.dialogAdd')}
      width={600}
      formId={FORM_ID}
      target={target}
      onClose={onClose}
    >
      {(shown, setSaving) => (
        <AccountForm key={shown.account?.id ?? 'new'} account={shown.account} onSaving={setSaving} onSaved={onSaved} />
      )}
    </FormDialog>
  );
}

/** The form's name: its element id and the prefix of its field ids. */
const FORM_ID = 'accountDialog';

type AccountField = keyof typeof accountEntity.fields & string;
const label = (key: AccountField) => fieldLabel(accountEntity, key);

/**
 * The item of a writable field the dialog has no hook for, as its descriptor says: its label, its control (`form`:
 * a text box, a text area, a number box, a switch) and the rules of its input schema (required, length, pattern,
 * range), each message naming the field.
 */
function FieldItem({ field }: { field: AccountField }) {
  const limits = inputLimits(accountEntity, field);
  const control = controlOf(accountEntity, field);
  if (control === 'switch') {
    return (
      <Form.Item label={label(field)} name={field} valuePropName="checked">
        <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
      </Form.Item>
    );
  }
  return (
    <Form.Item label={label(field)} name={field} rules={rulesOf(accountEntity, field)}>
      {control === 'number' ? (
        <InputNumber min={limits.minimum} max={limits.maximum} style={{ width: 160 }} />
      ) : control === 'textarea' ? (
        <Input.TextArea maxLength={limits.maxLength} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      ) : (
        <Input maxLength={limits.maxLength} autoComplete="off" />
      )}
    </Form.Item>
  );
}

interface AccountFormProps {
  account: Account | undefined;
  onSaving: (saving: boolean) => void;
  onSaved: () => void;
}

function AccountForm({ account, onSaving, onSaved }: AccountFormProps) {
  const [form] = Form.useForm<AccountFormValues>();
  const creating = !account;
  const ownAccount = useSession((state) => account !== undefined && account.id === state.user?.id);
  // The role list needs its own permission: without it the field shows the account's role by the name the account
  // itself answers, and cannot change it (no request that could only answer 403).
  const mayListRoles = useSession((state) => canCall(state.permissions, routes.listRoles));
  // The built-in admin's role is the super-admin role, always (the server refuses any other).
  const roleLocked = account?.builtin === true;
  const roles = useRoles(mayListRoles && !roleLocked);
  const roleOptions = (roles.data ?? []).map((role) => ({
    // A role wider than the caller cannot be handed out (the server refuses it): shown, but not choosable.
    label: role.assignable ? role.name : `${role.name}${t('account.roleNotAssignableTag')}`,
    value: role.id,
    disabled: !role.assignable,
    title: role.assignable ? role.name : t('account.roleNotAssignable'),
  }));
  // The account's own role is always an option, so the field names it (never the raw id) before or without the list.
  if (account?.roleId != null && !roleOptions.some((option) => option.value === account.roleId)) {
    const name = account.roleName ?? account.sysRole?.name ?? String(account.roleId);
    roleOptions.unshift({ label: name, value: account.roleId, disabled: false, title: name });
  }
  const roleHint = roleLocked ? t('account.roleLockedBuiltin') : mayListRoles ? undefined : t('account.roleNoList');
  // 岗位: the enabled posts to choose from; the ones the account holds stay options (named) even when disabled since.
  const mayListPosts = useSession((state) => canCall(state.permissions, routes.listPosts));
  const posts = useEnabledPosts(mayListPosts);
  const postOptions = (posts.data?.list ?? []).map((post) => ({ label: post.postName, value: post.id }));
  for (const held of account?.posts ?? []) {
    if (!postOptions.some((option) => option.value === held.id))
      postOptions.push({ label: held.postName, value: held.id });
  }
  // Stays open until the server accepts: a refusal has been toasted by the http client and the input is kept.
  const saving = useListMutation({
    mutationFn: (values: AccountFormValues) =>
      account ? updateAccount(toUpdateBody(account, values)) : createAccount(toCreateBody(values)),
    queryKey: accountKeys.all,
    form,
    success: account ? 'common.edited' : 'common.created',
    onSuccess: () => {
      onSaved();
      // Editing oneself (e.g. a new avatar): the header and the personal page read the session's user.
      const session = useSession.getState();
      if (account && account.id === session.user?.id) void session.refreshUser().catch(() => undefined);
    },
  });
  // The dialog's 确 定 spins while the write is in flight.
  useEffect(() => onSaving(saving.isPending), [onSaving, saving.isPending]);
  const save = (values: AccountFormValues) => void saving.run(values);

  // The fields the dialog edits its own way, by field (every other writable field is a FieldItem): the avatar
  // (its uploader, at the top), the organisation (a picker), the role (a list of the roles the caller may hand
  // out), the contacts (one's own changed on the personal page, with a code) and the state (the built-in admin's
  // locked).
  const items: Partial<Record<string, ReactNode>> = {
    avatar: null,
    orgId: (
      <Form.Item label={label('orgId')} name="orgId" rules={[{ required: true, message: t('account.orgRequired') }]}>
        <OrgPicker loadOrgs={loadOrgs} label={account?.orgName} />
      </Form.Item>
    ),
    roleId: (
      <Form.Item
        label={label('roleId')}
        name="roleId"
        extra={
          roleHint && (
            <Space size={4} data-testid="account-role-hint">
              {roleLocked && <LockOutlined />}
              {roleHint}
            </Space>
          )
        }
      >
        <Select
          allowClear
          placeholder={t('common.pleaseSelect')}
          loading={roles.isLoading}
          disabled={roleLocked || !mayListRoles}
          suffixIcon={roleLocked ? <LockOutlined /> : undefined}
          options={roleOptions}
        />
      </Form.Item>
    ),
    // One's own mobile number and e-mail are changed on the personal page, proven by a code sent to them (issue
    // 31): the server refuses them here without one. Shown, not edited; the form sends them back unchanged.
    contactNumber: ownAccount ? (
      <Form.Item label={label('contactNumber')} name="contactNumber">
        <Input readOnly variant="filled" aria-label={label('contactNumber')} />
      </Form.Item>
    ) : (
      <Form.Item
        label={label('contactNumber')}
        name="contactNumber"
        rules={[{ pattern: PHONE_PATTERN, message: t('account.contactNumberInvalid') }]}
      >
        <Input maxLength={inputLimits(accountEntity, 'contactNumber').maxLength} autoComplete="off" />
      </Form.Item>
    ),
    email: ownAccount ? (
      <Form.Item
        label={label('email')}
        name="email"
        // From no width up, not from its content's: the hint wraps beside the label instead of below it.
        wrapperCol={{ flex: '1 1 0' }}
        extra={
          <span data-testid="account-own-contact-hint">
            {t('account.ownContactHint')} <Link to={PROFILE_PATH}>{t('account.ownContactLink')}</Link>
          </span>
        }
      >
        <Input readOnly variant="filled" aria-label={label('email')} />
      </Form.Item>
    ) : (
      <Form.Item label={label('email')} name="email" rules={[{ type: 'email', message: t('account.emailInvalid') }]}>
        <Input maxLength={inputLimits(accountEntity, 'email').maxLength} autoComplete="off" />
      </Form.Item>
    ),
    state: (
      <Form.Item
        label={label('state')}
        name="state"
        valuePropName="checked"
        extra={account?.builtin ? t('account.builtinStateLocked') : undefined}
      >
        <Switch
          checkedChildren={t('common.enabled')}
          unCheckedChildren={t('common.disabled')}
          disabled={account?.builtin}
        />
      </Form.Item>
    ),
  };
  // What the dialog adds beside the fields: the password (a new account's) before the organisation, the posts after
  // the role, 工作单位 (given at self-registration: shown, not edited here) after the e-mail.
  const before: Partial<Record<string, ReactNode>> = {
    orgId: creating && (
      <>
        <Form.Item
          label={t('account.fieldPassword')}
          name="password"
          rules={[
            { required: true, message: t('account.passwordRequired') },
            // The policy in force (系统参数); the server judges the kinds of characters and names the rule.
            {
              min: passwordPolicy().minLength,
              max: PASSWORD_MAX,
              message: t('account.passwordLength', { min: passwordPolicy().minLength, max: PASSWORD_MAX }),
            },
          ]}
        >
          <PasswordStrengthInput placeholder={t('account.passwordRequired')} aria-label={t('account.fieldPassword')} />
        </Form.Item>
        <Form.Item
          label={t('account.fieldConfirmPassword')}
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            { required: true, message: t('account.confirmPasswordRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || getFieldValue('password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('account.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password maxLength={128} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label=" "
          colon={false}
          name="mustChangePassword"
          valuePropName="checked"
          extra={t('account.mustChangePasswordHint')}
        >
          <Checkbox>{t('account.fieldMustChangePassword')}</Checkbox>
        </Form.Item>
      </>
    ),
  };
  const after: Partial<Record<string, ReactNode>> = {
    roleId: (
      <Form.Item
        label={t('account.fieldPosts')}
        name="postIds"
        extra={mayListPosts ? undefined : t('account.postsNoList')}
      >
        <Select
          mode="multiple"
          allowClear
          placeholder={t('common.pleaseSelect')}
          loading={posts.isLoading}
          disabled={!mayListPosts}
          options={postOptions}
          optionFilterProp="label"
          maxCount={ACCOUNT_POSTS_MAX}
          aria-label={t('account.fieldPosts')}
        />
      </Form.Item>
    ),
    email: account?.company && (
      <Form.Item label={label('company')}>
        <Input value={account.company} readOnly variant="filled" aria-label={label('company')} />
      </Form.Item>
    ),
  };

  return (
    <Form<AccountFormValues>
      name={FORM_ID}
      form={form}
      labelCol={{ flex: byLocale({ 'zh-CN': '80px', 'en-US': '112px' }) }}
      wrapperCol={{ flex: 'auto' }}
      initialValues={account ? toFormValues(account) : emptyAccountForm}
      onFinish={save}
      style={{ marginTop: 16 }}
    >
      <Form.Item label={t('files.avatarLabel')} name="avatar">
        <AvatarUploader size={120} data-testid="account-avatar" />
      </Form.Item>
      {writableFields(accountEntity).map((key) => (
        <Fragment key={key}>
          {before[key]}
          {Object.hasOwn(items, key) ? items[key] : <FieldItem field={key as AccountField} />}
          {after[key]}
        </Fragment>
      ))}
    </Form>
  );
}
