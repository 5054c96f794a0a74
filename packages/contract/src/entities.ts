import { dictEntity, dictItemEntity } from './dicts.entity.js';
import { orgEntity } from './orgs.entity.js';

/** Every entity declared by a descriptor (entity.ts): the tests hold each against its table and its surfaces. */
export const ENTITIES = [orgEntity, dictEntity, dictItemEntity] as const;
