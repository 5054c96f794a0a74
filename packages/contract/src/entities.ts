import { orgEntity } from './orgs.js';

/** Every entity declared by a descriptor (entity.ts): the tests hold each against its table and its surfaces. */
export const ENTITIES = [orgEntity] as const;
