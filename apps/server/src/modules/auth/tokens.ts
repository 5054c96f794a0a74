import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  /** Session id. */
  sid: string;
  /** Account id. */
  sub: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** HS256 JWTs that name their session. Only HS256 is accepted on the way in (no alg confusion, no `none`). */
export function createTokenIssuer(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(sessionId: string, accountId: number, expiresAt: number): Promise<string> {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(accountId))
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
    },
    /** Answers the claims, or undefined for anything invalid or expired. */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
          return undefined;
        }
        return { sid: payload.sid, sub: payload.sub, exp: payload.exp };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
