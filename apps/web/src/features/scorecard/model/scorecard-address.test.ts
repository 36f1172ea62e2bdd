import { describe, expect, it } from 'vitest';
import { loginFromAddress, scorecardAddress, scorecardPath } from './scorecard-address';

describe('scorecard address', () => {
  it('is the race\'s scorecard, with the login when one is given', () => {
    expect(scorecardPath(5)).toBe('/races/5/scorecard');
    expect(scorecardPath(5, '')).toBe('/races/5/scorecard');
    expect(scorecardPath(5, 'judge-3-abcdef')).toBe('/races/5/scorecard?login=judge-3-abcdef');
    expect(scorecardAddress('https://lezenie.example', 5, 'judge-3-abcdef')).toBe('https://lezenie.example/races/5/scorecard?login=judge-3-abcdef');
  });

  it('encodes a login that is an e-mail', () => {
    expect(scorecardPath(5, 'jana+rozhodca@example.com')).toBe('/races/5/scorecard?login=jana%2Brozhodca%40example.com');
  });
});

describe('loginFromAddress', () => {
  it('takes a login as the form would', () => {
    expect(loginFromAddress(' judge-3-abcdef ')).toBe('judge-3-abcdef');
    expect(loginFromAddress('jana@example.com')).toBe('jana@example.com');
  });

  it('takes nothing from an empty, overlong or broken value', () => {
    expect(loginFromAddress(null)).toBeNull();
    expect(loginFromAddress('   ')).toBeNull();
    expect(loginFromAddress('x'.repeat(255))).toBeNull();
    expect(loginFromAddress('judge\n-3')).toBeNull();
  });
});
