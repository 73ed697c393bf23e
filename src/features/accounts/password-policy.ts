/**
 * Which new passwords are refused (OWASP Authentication Cheat Sheet, NIST SP 800-63B 5.1.1.2):
 * at least 8 characters (the schema), and not a common, breached-list or context-specific
 * password. "Common" is judged by zxcvbn-ts, a maintained estimator carrying the frequency
 * lists of leaked passwords, English words and names; "context-specific" by feeding it the
 * e-mail, its parts and the service's name, so `alice@example.com` or `sightline2024` score 0.
 * A password must score at least MIN_SCORE = 3 on zxcvbn's 0–4 scale ("safely unguessable":
 * beyond about 10^8 guesses, out of reach of an online attack).
 * The estimator's dictionaries take ~1 s to load, so they are loaded on the first sign-up only.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

export const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return estimator;
}

/** The words an attacker would try first against this user. */
function contextWords(email: string): string[] {
  const lower = email.toLowerCase();
  const [local = '', domain = ''] = lower.split('@');
  return [lower, local, domain, ...local.split(/[._+-]+/), ...domain.split('.'), 'sightline'].filter((w) => w.length >= 3);
}

/** Why the password is refused (a sentence for the 400), or undefined when it is acceptable. */
export function passwordWeakness(password: string, email: string): string | undefined {
  // Long passphrases are not scored: the estimator's time grows with length, and 64+ characters
  // are beyond any list; the schema's maxLength still bounds them.
  if (password.length >= 64) return undefined;
  const result = zxcvbn().check(password, contextWords(email));
  if (result.score >= MIN_SCORE) return undefined;
  const why = result.feedback.warning ?? 'It is too easy to guess.';
  const hint = result.feedback.suggestions[0] ?? 'Use a longer passphrase of several unrelated words.';
  return `body.password is too easy to guess: ${why} ${hint}`;
}
