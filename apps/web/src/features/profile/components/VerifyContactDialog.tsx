import { App, Form } from 'antd';
import { useRef } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { sendProfileEmailCode, sendProfileMobileCode, updateProfile } from '@/features/profile/api/profile.api';
import { t } from '@/lib/i18n';
import { type Account, useSession } from '@/stores/session';
import { ContactCode, type ProofKind, useContactProofs } from './contact-proof';
import { toProfileBody, toProfileFormValues } from './profile-form';

const FORM_ID = 'verifyContact';

const storedContact = (user: Account, kind: ProofKind): string =>
  (kind === 'mobile' ? user.contactNumber : user.email)?.trim() ?? '';

/**
 * 验证: proves the stored, unproven mobile number or e-mail of the signed-in account. A code is sent to
 * it (the code field of the personal page), and the profile is saved as it is stored with the code's token: the
 * server then marks the contact proven. The server asks for a recent identity verification first (sudo mode).
 */
export function VerifyContactDialog({ kind, onClose }: { kind: ProofKind | null; onClose: () => void }) {
  // The title of the last kind stays while the dialog animates closed.
  const shown = useRef<ProofKind>('mobile');
  if (kind) shown.current = kind;
  return (
    <FormDialog
      title={t(shown.current === 'mobile' ? 'profile.verifyMobileTitle' : 'profile.verifyEmailTitle')}
      width={520}
      formId={FORM_ID}
      target={kind}
      onClose={onClose}
    >
      {(current, setSaving) => <VerifyContactForm kind={current} onSaving={setSaving} onDone={onClose} />}
    </FormDialog>
  );
}

function VerifyContactForm({
  kind,
  onSaving,
  onDone,
}: {
  kind: ProofKind;
  onSaving: (saving: boolean) => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ mobileCode?: string; emailCode?: string }>();
  const { message } = App.useApp();
  const user = useSession((state) => state.user);
  const { codes, round, proofFor, settle } = useContactProofs(form);
  const busy = useRef(false);
  if (!user) return null;
  const target = storedContact(user, kind);

  const send = () => (kind === 'mobile' ? sendProfileMobileCode(target) : sendProfileEmailCode(target));

  const save = async () => {
    if (busy.current) return;
    busy.current = true;
    onSaving(true);
    try {
      // The details as saved (not what may be typed, unsaved, in the page's form), the contact unchanged.
      const saved = useSession.getState().user ?? user;
      const token = await proofFor(kind, storedContact(saved, kind));
      if (token === null) return;
      try {
        await updateProfile({
          ...toProfileBody(toProfileFormValues(saved)),
          ...(kind === 'mobile' ? { mobileToken: token } : { emailToken: token }),
        });
      } catch (error) {
        settle(error); // Reported by the http client.
        return;
      }
      settle();
      try {
        // The page reads the session's user: the 未验证 tag goes once it is reloaded.
        await useSession.getState().refreshUser();
      } catch {
        // Reported by the http client; the contact itself was proven.
      }
      message.success({ content: t('profile.contactVerified'), key: 'profile.contactVerified' });
      onDone();
    } finally {
      busy.current = false;
      onSaving(false);
    }
  };

  return (
    <Form
      name={FORM_ID}
      form={form}
      layout="vertical"
      onFinish={() => void save()}
      style={{ marginTop: 16 }}
      requiredMark={false}
    >
      <ContactCode
        kind={kind}
        round={round}
        handle={codes[kind]}
        send={send}
        target={target}
        hint={t(kind === 'mobile' ? 'profile.verifyMobileHint' : 'profile.verifyEmailHint', { target })}
      />
    </Form>
  );
}
