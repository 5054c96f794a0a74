import { dictEntity, dictItemEntity } from './dicts.js';
import { orgEntity } from './orgs.js';

/** Every entity declared by a descriptor (entity.ts): the tests hold each against its table and its surfaces. */
export const ENTITIES = [orgEntity, dictEntity, dictItemEntity] as const;
