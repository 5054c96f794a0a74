import { afterEach, describe, expect, it } from 'vitest';
import { setTextLocale } from '@/lib/i18n';
import { isIpAddress, localhostUrl, passkeyAddressNote } from './passkey-address';

describe('passkeys and the page address', () => {
  afterEach(() => setTextLocale('zh-CN'));

  it('tells IP addresses from host names', () => {
    expect(isIpAddress('127.0.0.1')).toBe(true);
    expect(isIpAddress('192.168.10.5')).toBe(true);
    expect(isIpAddress('[::1]')).toBe(true);
    expect(isIpAddress('[2001:db8::1]')).toBe(true);
    expect(isIpAddress('localhost')).toBe(false);
    expect(isIpAddress('gatehouse.example.com')).toBe(false);
    expect(isIpAddress('10.example.com')).toBe(false);
  });

  it('has nothing to say on a host name', () => {
    expect(passkeyAddressNote('http://localhost:8080/#/login')).toBeNull();
    expect(passkeyAddressNote('https://gatehouse.example.com/')).toBeNull();
  });

  it("points this machine's own address to localhost, with the same port and page", () => {
    expect(passkeyAddressNote('http://127.0.0.1:8080/#/login')).toBe(
      '通行密钥需要以主机名打开本页，请改用 http://localhost:8080',
    );
    expect(passkeyAddressNote('http://[::1]:8080/')).toBe('通行密钥需要以主机名打开本页，请改用 http://localhost:8080');
  });

  it('gives the localhost address only for this machine', () => {
    expect(localhostUrl('http://127.0.0.1:8080/#/login')).toBe('http://localhost:8080');
    // Only the origin: text another party put in the address is not shown back.
    expect(localhostUrl('http://127.0.0.1:8080/#/login?reason=请拨打400-000-0000')).toBe('http://localhost:8080');
    expect(localhostUrl('http://192.168.10.5:8080/')).toBeNull();
    expect(localhostUrl('https://gatehouse.example.com/')).toBeNull();
  });

  it('asks for the domain name on another IP address, in English too', async () => {
    expect(passkeyAddressNote('http://192.168.10.5:8080/')).toBe(
      '通行密钥需要以域名打开本页，以 IP 地址打开时不能使用',
    );
    await setTextLocale('en-US');
    expect(passkeyAddressNote('http://192.168.10.5:8080/')).toBe(
      'Passkeys need this page opened by its domain name; they do not work on an IP address',
    );
  });
});
