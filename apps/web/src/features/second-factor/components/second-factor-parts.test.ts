import { describe, expect, it } from 'vitest';
import { defaultPasskeyName } from './passkey-name';
import { recoveryCodesFile } from './recovery-codes';
import { groupSecret } from './totp-setup';

describe('second-factor parts', () => {
  it('suggests a passkey name from the browser: browser and system, without the version', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
    expect(defaultPasskeyName(chrome)).toBe('Linux 上的 Chrome');
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    expect(defaultPasskeyName(safari)).toBe('iOS 上的 Safari');
    expect(defaultPasskeyName('curl/8.5.0')).toBe('curl');
    expect(defaultPasskeyName('')).toBe('我的通行密钥');
  });

  it('groups the key in fours, as it is typed into an app', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('JBSW Y3DP EH')).toBe('JBSW Y3DP EH');
  });

  it('the .txt file names the account and holds one code a line', () => {
    const file = recoveryCodesFile(['aaaa-bbbb', 'cccc-dddd'], 'admin', new Date('2026-11-27T08:00:00.000Z'));
    const lines = file.split('\r\n');
    expect(lines[0]).toBe('Gatehouse 恢复码');
    expect(lines[1]).toBe('账号：admin');
    expect(lines).toContain('aaaa-bbbb');
    expect(lines.slice(-3)).toEqual(['aaaa-bbbb', 'cccc-dddd', '']);
  });
});
