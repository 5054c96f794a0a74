import { LockOutlined } from '@ant-design/icons';
import { ACCOUNT_POSTS_MAX, PASSWORD_MAX, routes } from '@gatehouse/contract';
import { Checkbox, Form, Input, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
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
      <Form.Item
        label={t('account.fieldAccountNumber')}
        name="accountNumber"
        rules={[{ required: true, whitespace: true, message: t('account.accountNumberRequired') }]}
      >
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('account.fieldAccountName')}
        name="accountName"
        rules={[{ required: true, whitespace: true, message: t('account.accountNameRequired') }]}
      >
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      {creating && (
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
            <PasswordStrengthInput
              placeholder={t('account.passwordRequired')}
              aria-label={t('account.fieldPassword')}
            />
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
      )}
      <Form.Item
        label={t('account.fieldOrg')}
        name="orgId"
        rules={[{ required: true, message: t('account.orgRequired') }]}
      >
        <OrgPicker loadOrgs={loadOrgs} label={account?.orgName} />
      </Form.Item>
      <Form.Item
        label={t('account.fieldRole')}
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
      {ownAccount ? (
        // One's own mobile number and e-mail are changed on the personal page, proven by a code sent to them (issue
        // 31): the server refuses them here without one. Shown, not edited; the form sends them back unchanged.
        <>
          <Form.Item label={t('account.fieldContactNumber')} name="contactNumber">
            <Input readOnly variant="filled" aria-label={t('account.fieldContactNumber')} />
          </Form.Item>
          <Form.Item
            label={t('account.fieldEmail')}
            name="email"
            // From no width up, not from its content's: the hint wraps beside the label instead of below it.
            wrapperCol={{ flex: '1 1 0' }}
            extra={
              <span data-testid="account-own-contact-hint">
                {t('account.ownContactHint')} <Link to={PROFILE_PATH}>{t('account.ownContactLink')}</Link>
              </span>
            }
          >
            <Input readOnly variant="filled" aria-label={t('account.fieldEmail')} />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item
            label={t('account.fieldContactNumber')}
            name="contactNumber"
            rules={[{ pattern: PHONE_PATTERN, message: t('account.contactNumberInvalid') }]}
          >
            <Input maxLength={30} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={t('account.fieldEmail')}
            name="email"
            rules={[{ type: 'email', message: t('account.emailInvalid') }]}
          >
            <Input maxLength={254} autoComplete="off" />
          </Form.Item>
        </>
      )}
      {account?.company && (
        // 工作单位 given at self-registration: shown, not edited here.
        <Form.Item label={t('account.fieldCompany')}>
          <Input value={account.company} readOnly variant="filled" aria-label={t('account.fieldCompany')} />
        </Form.Item>
      )}
      <Form.Item
        label={t('account.fieldState')}
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
    </Form>
  );
}
