/**
 * The password policy (a 系统参数): the shortest new password and how many kinds of characters it mixes.
 * The contract's bodies hold the floor and the ceiling (PASSWORD_MIN, PASSWORD_MAX); the policy in force may only raise
 * the floor. The server and the web forms judge a new password by the same function.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Letters, digits, other characters. */
export const PASSWORD_CLASS_KINDS = 3;

export interface PasswordPolicy {
  /** The shortest new password: PASSWORD_MIN to PASSWORD_MAX. */
  minLength: number;
  /** How many of the three kinds (letters, digits, others) a new password mixes: 1 to 3. */
  classes: number;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: PASSWORD_MIN, classes: 2 };

/** How many of the three kinds (letters, digits, other characters) a password uses. */
export const characterClasses = (password: string): number =>
  [/[a-zA-Z]/, /\d/, /[^a-zA-Z\d]/].filter((re) => re.test(password)).length;

/** The rule of the policy a new password breaks ('length' or 'classes'), or undefined. */
export function passwordPolicyBreach(password: string, policy: PasswordPolicy): 'length' | 'classes' | undefined {
  const min = Math.min(Math.max(policy.minLength, PASSWORD_MIN), PASSWORD_MAX);
  if (password.length < min || password.length > PASSWORD_MAX) return 'length';
  if (characterClasses(password) < Math.min(Math.max(policy.classes, 1), PASSWORD_CLASS_KINDS)) return 'classes';
  return undefined;
}
