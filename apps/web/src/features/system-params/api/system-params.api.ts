import { type BodyOf, type ResponseOf, routes } from '@gatehouse/contract';
import { call } from '@/lib/http';

export type SystemParam = ResponseOf<typeof routes.listSystemParams>[number];

export const systemParamKeys = { all: ['system-params'] as const };

/** GET /system/param/s: every parameter with its value in effect, its default and where the value comes from. */
export const listSystemParams = () => call(routes.listSystemParams);

/** PUT /system/param: one change (super-admin, sudo); `reset` brings the environment's value or the default back. */
export const updateSystemParam = (body: BodyOf<typeof routes.updateSystemParam>) =>
  call(routes.updateSystemParam, { body });
