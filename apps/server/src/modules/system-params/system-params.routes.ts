import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { noteAuditChange } from '../audit/index.js';
import type { SystemParams } from './system-params.service.js';

/** 系统参数: the list, and a change of one (super-admin only, sudo; recorded with its value before and after). */
export const systemParamsModule = fp<{ systemParams: SystemParams }>(
  async (app, { systemParams }) => {
    serve(app, routes.listSystemParams, () => systemParams.list());
    serve(app, routes.updateSystemParam, async ({ body, principal, request }) => {
      const { before, after } = await systemParams.update(body, principal);
      noteAuditChange(
        request,
        'param',
        body.key,
        { label: body.key, fields: { value: before.value, source: before.source } },
        { label: body.key, fields: { value: after.value, source: after.source } },
      );
      return after;
    });
  },
  { name: 'gatehouse-system-params', dependencies: MODULE_DEPENDENCIES },
);
