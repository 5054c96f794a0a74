import { describe, expect, it } from 'vitest';
import { signInUrl } from './sign-in-url.js';

describe('the start banner’s sign-in address', () => {
  it("tells this machine's own address as localhost, where passkeys work", () => {
    expect(signInUrl('http://127.0.0.1:8080')).toBe('http://localhost:8080');
    expect(signInUrl('http://0.0.0.0:8080')).toBe('http://localhost:8080');
    expect(signInUrl('http://[::]:8080')).toBe('http://localhost:8080');
    expect(signInUrl('http://[::1]:9000')).toBe('http://localhost:9000');
  });

  it('keeps another address as the server listens on it', () => {
    expect(signInUrl('http://192.168.10.5:8080')).toBe('http://192.168.10.5:8080');
    expect(signInUrl('http://[2001:db8::1]:8080')).toBe('http://[2001:db8::1]:8080');
  });
});
