import type { SystemParamDef } from '@gatehouse/contract';
import {
  type LiveParamKey,
  paramDef,
  parseParam,
  SYSTEM_PARAMS,
  type SystemParamKey,
} from '@gatehouse/contract/system-params';
import type { Config } from '../../config.js';
import { badRequest, fieldError } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { currentLocale, t } from '../../platform/i18n.js';
import type { Logger } from '../../platform/logger.js';
import { liveBindings, type ParamValue, restartReads, textOf } from './bindings.js';
import type { SystemParamsRepository } from './system-params.repository.js';

export interface SystemParamView {
  key: string;
  value: string;
  defaultValue: string;
  source: 'env' | 'default' | 'database';
  restart: boolean;
}

const titleOf = (def: SystemParamDef) => (currentLocale() === 'en-US' ? def.title.en : def.title.zh);

/** What a value of the parameter's kind must be, in the request's language. */
function expected(def: SystemParamDef): string {
  const kind = def.kind;
  switch (kind.type) {
    case 'enum':
      return t('param.expectEnum', { values: kind.values.join(currentLocale() === 'en-US' ? ', ' : '、') });
    case 'int':
      return t('param.expectInt', { min: kind.min, max: kind.max });
    case 'flag':
      return t('param.expectFlag');
    case 'id':
      return t('param.expectId');
    case 'text':
      return '';
  }
}

const isLive = (def: SystemParamDef): def is SystemParamDef & { key: LiveParamKey } => !def.restart;

/**
 * 系统参数: the configuration every service reads through `current()`, which is the environment's (or
 * the default) with the values changed on the 系统参数 screen laid over it. Every instance calls `refresh()` on each
 * request: one read of a version counter, and the stored rows again only when it moved, so a change made on one
 * instance is in effect on all of them at their next request.
 */
export function createSystemParams(deps: {
  repo: SystemParamsRepository;
  base: Config;
  log: Logger;
  /** Why an id is refused for a parameter naming an organisation or a role (undefined: it may be used). */
  refuseReference: (key: 'registrationOrgId' | 'registrationRoleId', id: number) => Promise<string | undefined>;
}) {
  const { repo, base, log } = deps;
  let current: Config = base;
  let stored = new Map<string, string>();
  let seen: string | undefined;

  const effective = (rows: Map<string, string>): Config => {
    let config = base;
    for (const [key, text] of rows) {
      const def = paramDef(key);
      if (!def || !isLive(def)) continue;
      const parsed = parseParam(def, text);
      // A row a later release no longer reads (another kind, tighter limits) is left out, not fatal.
      if (!parsed.ok) {
        log.warn({ key }, 'a stored system parameter is not valid; the environment’s value holds');
        continue;
      }
      config = liveBindings[def.key].write(config, parsed.value);
    }
    return Object.freeze(config);
  };

  async function refresh(): Promise<void> {
    const version = await repo.version();
    if (version === seen) return;
    const rows = new Map((await repo.all()).map((row) => [row.key, row.value]));
    stored = rows;
    current = effective(rows);
    seen = version;
  }

  const view = (def: SystemParamDef): SystemParamView => {
    if (!isLive(def)) {
      const fromEnv =
        def.key === 'database'
          ? base.databaseUrl !== undefined
          : base.paramEnv[def.key as SystemParamKey] !== undefined;
      return {
        key: def.key,
        value: restartReads[def.key as keyof typeof restartReads](base),
        defaultValue: def.defaultValue,
        source: fromEnv ? 'env' : 'default',
        restart: true,
      };
    }
    return {
      key: def.key,
      value: textOf(liveBindings[def.key].read(current)),
      defaultValue: def.defaultValue,
      source:
        stored.has(def.key) && current !== base ? 'database' : base.paramEnv[def.key] !== undefined ? 'env' : 'default',
      restart: false,
    };
  };

  return {
    /** The configuration in effect at this instance's last refresh. */
    current: (): Config => current,
    refresh,
    async list(): Promise<SystemParamView[]> {
      await refresh();
      return SYSTEM_PARAMS.map(view);
    },
    /**
     * Changes one parameter (or, with `reset`, removes the change). The route is super-admin only and sudo (its
     * security class `system`); this checks the value by the parameter's declaration.
     */
    /**
     * The value `text` would be for parameter `key`, as stored (a flag true or false, no id ''), or the refusal the
     * screen's change gets: unknown, a restart setting, out of its kind, an organisation or role that cannot be used,
     * a first lock longer than the longest, a sudo window longer than the longest verification.
     */
    async check(key: string, text: string): Promise<string> {
      const def = paramDef(key);
      if (!def) throw fieldError('key', t('param.unknown', { key: key.slice(0, 64) }));
      if (!isLive(def)) throw fieldError('key', t('param.restart', { title: titleOf(def), env: def.env }));
      const parsed = parseParam(def, text);
      if (!parsed.ok) throw fieldError('value', t('param.invalid', { title: titleOf(def), reason: expected(def) }));
      if ((def.key === 'registrationOrgId' || def.key === 'registrationRoleId') && typeof parsed.value === 'number') {
        const refused = await deps.refuseReference(def.key, parsed.value);
        if (refused) throw fieldError('value', refused);
      }
      if (def.key === 'loginLockMaxSeconds' || def.key === 'loginLockBaseSeconds') {
        const next = parsed.value as number;
        const baseSeconds = def.key === 'loginLockBaseSeconds' ? next : current.signIn.lockBaseSeconds;
        const maxSeconds = def.key === 'loginLockMaxSeconds' ? next : current.signIn.lockMaxSeconds;
        if (baseSeconds > maxSeconds) throw badRequest(t('param.lockOrder'));
      }
      if (def.key === 'sudoSeconds' || def.key === 'sudoMaxSeconds') {
        const next = parsed.value as number;
        const window = def.key === 'sudoSeconds' ? next : current.sudoSeconds;
        const longest = def.key === 'sudoMaxSeconds' ? next : current.sudoMaxSeconds;
        if (window > longest) throw badRequest(t('param.sudoOrder'));
      }
      return textOf(parsed.value as ParamValue);
    },
    /**
     * Changes one parameter (or, with `reset`, removes the change). The route is super-admin only and sudo (its
     * security class `system`); this checks the value by the parameter's declaration.
     */
    async update(
      input: { key: string; value: string; reset?: boolean },
      principal: Principal,
    ): Promise<{ before: SystemParamView; after: SystemParamView }> {
      const def = paramDef(input.key);
      if (!def) throw fieldError('key', t('param.unknown', { key: input.key.slice(0, 64) }));
      if (!isLive(def)) throw fieldError('key', t('param.restart', { title: titleOf(def), env: def.env }));
      await refresh();
      const before = view(def);
      const text = input.reset ? undefined : await this.check(def.key, input.value);
      await repo.write(def.key, text, new Date().toISOString(), principal.accountId);
      await refresh();
      return { before, after: view(def) };
    },
    /**
     * The value in effect of every parameter a running server takes, and whether it was changed on the screen, read
     * through `executor` (the configuration bundle compares inside its transaction).
     */
    async effective(executor?: Parameters<SystemParamsRepository['all']>[0]) {
      const rows = new Map((await repo.all(executor)).map((row) => [row.key, row.value]));
      const config = effective(rows);
      return new Map<string, { key: string; value: string; stored: boolean }>(
        SYSTEM_PARAMS.filter((def) => !def.restart).map((def) => [
          def.key,
          {
            key: def.key,
            value: textOf(liveBindings[def.key as LiveParamKey].read(config)),
            stored: rows.has(def.key),
          },
        ]),
      );
    },
    /** Stores checked values inside the caller's transaction; `refresh()` after its commit puts them in effect. */
    writeIn: (trx: Parameters<SystemParamsRepository['writeWith']>[0], key: string, text: string, by: number) =>
      repo.writeWith(trx, key, text, new Date().toISOString(), by),
  };
}

export type SystemParams = ReturnType<typeof createSystemParams>;
