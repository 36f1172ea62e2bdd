import { describe, expect, it } from 'vitest';
import { headerLoginPath, returnsToRegistration, safeReturnPath, withReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/events/12?register=34')).toBe('/events/12?register=34');
    expect(safeReturnPath('/my-board#races')).toBe('/my-board#races');
  });

  it.each([
    ['another host by scheme', 'https://evil.example/events/1'],
    ['a protocol-relative host', '//evil.example/events/1'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash later on', '/events\\..\\//evil.example'],
    ['javascript', 'javascript:alert(1)'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline', '/events/1\n'],
    ['a relative path', 'events/1'],
    ['empty', ''],
    ['missing', null],
    ['too long', `/${'a'.repeat(2000)}`],
  ])('refuses %s', (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeReturnPath('/../../events/1')).toBe('/events/1');
  });
});

describe('withReturnPath', () => {
  it('puts a safe path into the redirect value, encoded', () => {
    expect(withReturnPath('/login', '/events/12?register=34')).toBe('/login?redirect=%2Fevents%2F12%3Fregister%3D34');
  });

  it('leaves an unsafe one out', () => {
    expect(withReturnPath('/sign-up', '//evil.example')).toBe('/sign-up');
  });
});

describe('headerLoginPath', () => {
  it('comes back to the page the header\'s "Log in" was pressed on, with its query', () => {
    expect(headerLoginPath('/races/5/scorecard', '?stage=FINAL')).toBe('/login?redirect=%2Fraces%2F5%2Fscorecard%3Fstage%3DFINAL');
  });

  it('passes on the redirect of the login and sign-up pages instead of returning to them', () => {
    expect(headerLoginPath('/sign-up', '?redirect=%2Fevents%2F3%3Fregister%3D4')).toBe('/login?redirect=%2Fevents%2F3%3Fregister%3D4');
    expect(headerLoginPath('/login', '')).toBe('/login');
  });

  it('does not return to a page of a one-time token, nor to the start page', () => {
    expect(headerLoginPath('/password-reset', '?token=secret')).toBe('/login');
    expect(headerLoginPath('/invitation/accept', '?token=secret')).toBe('/login');
    expect(headerLoginPath('/', '')).toBe('/login');
  });
});

describe('returnsToRegistration', () => {
  it('knows the way back into a race registration dialog', () => {
    expect(returnsToRegistration('/events/12?register=34')).toBe(true);
    expect(returnsToRegistration('/events/12')).toBe(false);
    expect(returnsToRegistration('/races/34/scorecard?register=34')).toBe(false);
    expect(returnsToRegistration('//evil.example/events/12?register=34')).toBe(false);
    expect(returnsToRegistration(null)).toBe(false);
  });
});
