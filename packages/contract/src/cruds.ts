import { type CrudSpecOf, crudRoutes } from './entity-crud.js';
import { postEntity } from './posts.entity.js';

/**
 * 岗位's screen and API. The specs live here, apart from the descriptors: the web's shell reads them (menus, route
 * table) on every screen, the descriptors only on the screens that use them.
 */
export const postCrud = {
  name: 'Post',
  path: '/post',
  title: { 'zh-CN': '岗位', 'en-US': 'Post' },
  menu: {
    path: '/user/Post',
    parent: '/user',
    icon: 'SolutionOutlined',
    title: { 'zh-CN': '岗位管理', 'en-US': 'Posts' },
  },
  required: ['postCode', 'postName'],
  label: 'postName',
  key: 'postCode',
  state: 'state',
  sort: { field: 'sort', order: 'asc' },
} as const satisfies CrudSpecOf<typeof postEntity, 'Post'>;

/**
 * The managed entities served by the generic engine (entity-crud.ts), one line each: the server serves their routes,
 * the web lists them, the menus file them, the audit trail and the mock know them. Adding such an entity is its
 * descriptor, its spec and line here, and its migration.
 */
export const CRUD_ENTITIES = [{ entity: postEntity, crud: postCrud }] as const;

/** Their menu entries and route stems (small: what the web's shell reads). */
export const CRUDS = [postCrud] as const;

/** Their routes (the web's build keeps only each route's method, path, access and transport). */
export const crudRouteDefs = {
  ...crudRoutes(postEntity, postCrud),
};
