/**
 * The password a sign-in was just made with, kept in memory only (never in storage) for one use: when the account
 * must change it first (a password an administrator set or reset), the 修改初始密码 page sends it as the current one
 * instead of asking for what was typed a moment ago. A reload forgets it, and so does a session that has no such
 * step (app/RequireSession).
 */
let carried: string | undefined;

export function carrySignInPassword(password: string): void {
  carried = password;
}

/** The carried password, once: a second call answers undefined. */
export function takeSignInPassword(): string | undefined {
  const password = carried;
  carried = undefined;
  return password;
}
