import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * docs/security.md, passwords: besides the length and the letter-and-digit rule of spec 5, a
 * password an attacker would try among the first 100,000 guesses is refused: zxcvbn-ts (a
 * maintained estimator) with its list of about 50,000 common passwords, keyboard patterns and
 * dictionary words with digits ("Password123", "qwerty123", "Welcome123").
 */
export const MIN_GUESSES_LOG10 = 5;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: loading the dictionaries takes a moment that start-up should not pay. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return estimator;
}

export function isGuessablePassword(password: string, userInputs: readonly string[] = []): boolean {
  // The estimate of a long password is slow and never low; spec limits passwords to 200 characters anyway.
  if (password.length > 64) return false;
  return zxcvbn().check(password, [...userInputs]).guessesLog10 < MIN_GUESSES_LOG10;
}
