import { VERIFICATION_REQUIRED_HEADER } from '@gatehouse/contract';
import type { FastifyReply } from 'fastify';
import { VerificationRequired } from './authz.service.js';

/**
 * The HTTP side of sudo mode: runs `work` (a check or a service call that may ask for a recent identity
 * verification) and answers its `VerificationRequired` refusal with the header that makes the web app ask for one.
 */
export async function withVerificationHeader<T>(reply: FastifyReply, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VerificationRequired) reply.header(VERIFICATION_REQUIRED_HEADER, 'identity');
    throw error;
  }
}
