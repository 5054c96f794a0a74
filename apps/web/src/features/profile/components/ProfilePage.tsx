import { App, Button, Card, Descriptions, Divider, Flex, Form, Input, Space, Spin, Typography } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { RegionCascader } from '@/components/region-cascader';
import { ToolBar } from '@/components/tool-bar';
import { AvatarUploader } from '@/components/upload';
import { useIdentityVerification } from '@/components/verification';
import { ContactWithProof } from '@/components/verification/ContactWithProof';
import { sendProfileEmailCode, sendProfileMobileCode, updateProfile } from '@/features/profile/api/profile.api';
import { formatDateTime } from '@/lib/format/date';
import { byLocale, t } from '@/lib/i18n';
import { regionSource } from '@/lib/regions';
import { updatePasswordPath } from '@/lib/router/update-password';
import { type Account, useSession } from '@/stores/session';
import { ContactCode, type ProofKind, useContactProofs } from './contact-proof';
import { OwnSessionsCard } from './OwnSessionsCard';
import {
  MOBILE_PATTERN,
  newContacts,
  type ProfileFormValues,
  toProfileBody,
  toProfileFormValues,
} from './profile-form';
import { VerifyContactDialog } from './VerifyContactDialog';

/**
 * 个人信息 (reference UI §1.11 without its bugs): what the account is, and the details it may change itself.
 * `secondFactor`: the 双因素认证 section, composed in by the app (it belongs to another feature).
 */
export function ProfilePage({ secondFactor }: { secondFactor?: ReactNode }) {
  const user = useSession((state) => state.user);
  return (
    <>
      <ToolBar title={t('profile.title')} />
      {user ? (
        <Card style={{ maxWidth: 900, margin: '0 auto' }}>
          <ProfileSummary user={user} />
          <Divider titlePlacement="start" style={{ marginTop: 32 }}>
            {t('profile.editTitle')}
          </Divider>
          {/* Remounted when the account changes (e.g. after an identity switch), so it never shows stale values. */}
          <ProfileForm key={user.id} user={user} />
          {secondFactor && (
            // The section may load after the page (it is fetched on first render).
            <Suspense
              fallback={
                <Flex justify="center" style={{ padding: 32 }}>
                  <Spin />
                </Flex>
              }
            >
              <div key={`second-factor-${user.id}`}>{secondFactor}</div>
            </Suspense>
          )}
          <Divider titlePlacement="start" style={{ marginTop: 32 }}>
            {t('sessions.title')}
          </Divider>
          <OwnSessionsCard key={`sessions-${user.id}`} />
        </Card>
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
    </>
  );
}

const shown = (value: string | null | undefined, fallback = t('profile.none')) =>
  value?.trim() ? value : <Typography.Text type="secondary">{fallback}</Typography.Text>;

function ProfileSummary({ user }: { user: Account }) {
  const navigate = useNavigate();
  const { verify, dialog } = useIdentityVerification();
  const [proving, setProving] = useState<ProofKind | null>(null);
  // A switched session (identity switch) may not prove the contacts of the account it acts as (the server refuses).
  const mayProve = !user.originalAccount;

  // Proves who is at the keyboard (current password, or a code to the account's e-mail or mobile) first.
  const changePassword = async () => {
    const token = await verify({ types: ['password', 'email', 'mobile'], command: 'common' });
    if (token) navigate(updatePasswordPath(token));
  };

  return (
    <>
      <Flex gap={32} align="flex-start" wrap>
        <ProfileAvatar user={user} />
        <Descriptions
          column={1}
          size="middle"
          style={{ flex: 1, minWidth: 300 }}
          styles={{ label: { width: 96 } }}
          items={[
            { key: 'accountName', label: t('profile.accountName'), children: user.accountName },
            { key: 'accountNumber', label: t('profile.accountNumber'), children: user.accountNumber },
            {
              key: 'password',
              label: t('auth.profile.password'),
              children: (
                <Typography.Link onClick={changePassword} data-testid="profile-change-password">
                  {t('auth.profile.changePassword')}
                </Typography.Link>
              ),
            },
            {
              key: 'contactNumber',
              label: t('profile.contactNumber'),
              children: user.contactNumber?.trim() ? (
                <StoredContact
                  value={user.contactNumber}
                  verified={user.contactVerified}
                  onVerify={mayProve ? () => setProving('mobile') : undefined}
                  testId="profile-verify-mobile"
                />
              ) : (
                shown(user.contactNumber)
              ),
            },
            {
              key: 'email',
              label: t('profile.email'),
              children: user.email?.trim() ? (
                <StoredContact
                  value={user.email}
                  verified={user.emailVerified}
                  onVerify={mayProve ? () => setProving('email') : undefined}
                  testId="profile-verify-email"
                />
              ) : (
                shown(user.email)
              ),
            },
            { key: 'org', label: t('profile.org'), children: shown(user.orgName) },
            { key: 'role', label: t('profile.role'), children: shown(user.roleName, t('profile.noRole')) },
            { key: 'createTime', label: t('profile.createTime'), children: formatDateTime(user.createTime) },
          ]}
        />
      </Flex>
      {dialog}
      <VerifyContactDialog kind={proving} onClose={() => setProving(null)} />
    </>
  );
}

/** A stored mobile number / e-mail, 未验证 while unproven, with 验证 beside it (`onVerify`) to prove it by a code. */
function StoredContact({
  value,
  verified,
  onVerify,
  testId,
}: {
  value: string;
  verified: boolean;
  onVerify: (() => void) | undefined;
  testId: string;
}) {
  return (
    <Space size={12} wrap>
      <ContactWithProof value={value} verified={verified} />
      {!verified && onVerify && (
        <Typography.Link onClick={onVerify} data-testid={testId}>
          {t('profile.verify')}
        </Typography.Link>
      )}
    </Space>
  );
}

/**
 * The 200×200 avatar square (reference UI §1.11): a chosen image is cropped square and uploaded, then saved
 * through the profile update with the account's current details, and the session's user (header, this page)
 * is reloaded.
 */
function ProfileAvatar({ user }: { user: Account }) {
  const { message } = App.useApp();

  const save = async (avatar: string) => {
    // The saved details, not what may be typed (unsaved) in the form below.
    const current = useSession.getState().user ?? user;
    try {
      await updateProfile({ ...toProfileBody(toProfileFormValues(current)), avatar });
    } catch {
      return; // Reported by the http client.
    }
    try {
      await useSession.getState().refreshUser();
    } catch {
      // Reported by the http client; the avatar itself was saved.
    }
    message.success({ content: t('profile.saved'), key: 'profile.saved' });
  };

  return (
    <div style={{ flex: 'none' }}>
      <AvatarUploader value={user.avatar} size={200} onChange={save} data-testid="profile-avatar" />
    </div>
  );
}

function ProfileForm({ user }: { user: Account }) {
  const [form] = Form.useForm<ProfileFormValues>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const { codes, round: codeRound, proofFor, settle } = useContactProofs(form);
  const contactNumber = Form.useWatch('contactNumber', form);
  const email = Form.useWatch('email', form);
  const pending = newContacts(user, { contactNumber, email });

  const save = async (values: ProfileFormValues) => {
    setSaving(true);
    const wanted = newContacts(user, values);
    const mobileToken = wanted.mobile ? await proofFor('mobile', wanted.mobile) : undefined;
    const emailToken = wanted.email ? await proofFor('email', wanted.email) : undefined;
    if (mobileToken === null || emailToken === null) {
      setSaving(false);
      return;
    }
    try {
      await updateProfile({
        ...toProfileBody(values),
        ...(mobileToken ? { mobileToken } : {}),
        ...(emailToken ? { emailToken } : {}),
      });
    } catch (error) {
      setSaving(false);
      // Reported by the http client; keep what was typed. A token may be what was refused: send a new code.
      settle(error);
      return;
    }
    settle();
    message.success({ content: t('profile.saved'), key: 'profile.saved' });
    try {
      // The header and the summary above read the session's user.
      await useSession.getState().refreshUser();
      form.setFieldsValue({
        ...toProfileFormValues(useSession.getState().user ?? user),
        mobileCode: '',
        emailCode: '',
      });
    } catch {
      // Reported by the http client; the save itself went through.
    } finally {
      setSaving(false);
    }
  };

  /** Validates the new value's field and sends the code to it; null when the field is invalid (it says why). */
  const sender = (kind: ProofKind) => async (): Promise<string | null> => {
    const field = kind === 'mobile' ? 'contactNumber' : 'email';
    await form.validateFields([field]);
    const target = newContacts(user, form.getFieldsValue([field]))[kind];
    if (!target) return null;
    return kind === 'mobile' ? sendProfileMobileCode(target) : sendProfileEmailCode(target);
  };

  return (
    <Form<ProfileFormValues>
      name="profileForm"
      form={form}
      labelCol={{ flex: byLocale({ 'zh-CN': '96px', 'en-US': '112px' }) }}
      wrapperCol={{ flex: 'auto' }}
      initialValues={toProfileFormValues(user)}
      onFinish={save}
      style={{ maxWidth: 640 }}
    >
      <Form.Item
        label={t('profile.accountName')}
        name="accountName"
        rules={[
          { required: true, whitespace: true, message: t('profile.accountNameRequired') },
          { max: 100, message: t('profile.length100') },
        ]}
      >
        <Input maxLength={100} autoComplete="name" />
      </Form.Item>
      <Form.Item
        label={t('profile.contactNumber')}
        name="contactNumber"
        rules={[
          {
            validator: (_rule, value: string | undefined) =>
              !value?.trim() || MOBILE_PATTERN.test(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('profile.phoneInvalid'))),
          },
        ]}
      >
        <Input maxLength={30} autoComplete="tel" />
      </Form.Item>
      {pending.mobile && (
        <ContactCode
          kind="mobile"
          round={codeRound}
          handle={codes.mobile}
          send={sender('mobile')}
          target={pending.mobile}
          hint={t('profile.mobileCodeHint')}
        />
      )}
      <Form.Item
        label={t('profile.email')}
        name="email"
        rules={[{ type: 'email', message: t('profile.emailInvalid') }]}
      >
        <Input maxLength={254} autoComplete="email" />
      </Form.Item>
      {pending.email && (
        <ContactCode
          kind="email"
          round={codeRound}
          handle={codes.email}
          send={sender('email')}
          target={pending.email}
          hint={t('profile.emailCodeHint')}
        />
      )}
      <Form.Item label={t('profile.address')} style={{ marginBottom: 0 }}>
        <Form.Item name="regionId" style={{ marginBottom: 12 }}>
          <RegionCascader source={regionSource} aria-label={t('profile.region')} />
        </Form.Item>
        <Form.Item name="address">
          <Input
            maxLength={255}
            autoComplete="street-address"
            placeholder={t('profile.addressPlaceholder')}
            aria-label={t('profile.addressPlaceholder')}
          />
        </Form.Item>
      </Form.Item>
      <Form.Item label={t('profile.introduction')} name="introduction">
        <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 4, maxRows: 10 }} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('profile.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
