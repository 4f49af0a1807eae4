import { describe, expect, it } from 'vitest';
import { PROFILE, setTokenCookie } from '@/test/render';
import { removeTokenCookie } from '@/lib/token-cookie';
import { readTokenProfile } from './token-profile';

describe('token cookie profile', () => {
  it('reads the profile the server wrote', () => {
    document.cookie = 'other=1; Path=/';
    setTokenCookie();
    expect(readTokenProfile()).toEqual(PROFILE);
  });

  it('is null when the cookie is missing', () => {
    expect(readTokenProfile()).toBeNull();
  });

  it('is null when the cookie is not the expected profile', () => {
    document.cookie = `token=${encodeURIComponent('{"sf_user_id":1}')}; Path=/`;
    expect(readTokenProfile()).toBeNull();
    document.cookie = 'token=%E0%A4%A; Path=/';
    expect(readTokenProfile()).toBeNull();
  });

  it('is gone after removal', () => {
    setTokenCookie();
    removeTokenCookie();
    expect(readTokenProfile()).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });
});
