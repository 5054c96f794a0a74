/**
 * The address of the password page (/update-password) and its `authCode` query: written by the sign-in page
 * and the personal page (features auth and profile), read by the password page. It lives here, not in a
 * feature, because features never import each other.
 */

/** Where a verified identity goes to set a new password. */
export const updatePasswordPath = (authCode: string): string => `/update-password?${new URLSearchParams({ authCode })}`;

/** The `authCode` query of the password page, or null when missing or blank. */
export const readAuthCode = (search: URLSearchParams): string | null => {
  const value = search.get('authCode')?.trim();
  return value ? value : null;
};
