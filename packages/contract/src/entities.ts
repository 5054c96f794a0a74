import { accountEntity } from './accounts.entity.js';
import { dictEntity, dictItemEntity } from './dicts.entity.js';
import { orgEntity } from './orgs.entity.js';
import { postEntity } from './posts.entity.js';

/** Every entity declared by a descriptor (entity.ts): the tests hold each against its table and its surfaces. */
export const ENTITIES = [accountEntity, orgEntity, dictEntity, dictItemEntity, postEntity] as const;
