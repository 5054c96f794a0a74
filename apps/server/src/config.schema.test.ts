import { SYSTEM_PARAMS } from '@gatehouse/contract/system-params';
import { describe, expect, it } from 'vitest';
import { ENV_VARS, type EnvVar, readEnvironment } from './config.schema.js';

const declarations: readonly EnvVar[] = ENV_VARS;

describe('the declarations of the environment variables', () => {
  it('declare each variable once', () => {
    const names = declarations.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('take each 系统参数 from the contract: its variable, and its default (the database’s is only shown)', () => {
    for (const def of SYSTEM_PARAMS) {
      const declared = declarations.find((v) => v.name === def.env);
      expect(declared?.param, def.env).toBe(def.key);
      if (def.key !== 'database') expect(declared?.default, def.env).toBe(def.defaultValue);
    }
    expect(declarations.filter((v) => v.param !== undefined)).toHaveLength(SYSTEM_PARAMS.length);
  });

  it('read every default as valid, with or without the S3 settings', () => {
    expect(readEnvironment({}).problems).toEqual([]);
    expect(readEnvironment({ FILE_STORAGE: 's3', S3_BUCKET: 'files' }).problems).toEqual([]);
  });

  it('describe each variable in English for the README', () => {
    for (const v of declarations) {
      for (const text of [v.description, v.accepts, v.defaultNote ?? '']) {
        expect(text, v.name).not.toMatch(/[\u3000-\u9fff\uff00-\uffef]/);
      }
      expect(v.description.length, v.name).toBeGreaterThan(10);
    }
  });

  it('take a secret as written and never repeat it in an error', () => {
    const { values, problems } = readEnvironment({ JWT_SECRET: '  hunter2  ', SMTP_URL: 'http://user:hunter2@mail' });
    expect(values.JWT_SECRET).toBeUndefined();
    expect(problems.map((p) => p.name)).toEqual(['JWT_SECRET', 'SMTP_URL']);
    expect(problems.map((p) => p.message).join('\n')).not.toContain('hunter2');
    const long = ' k3J9-long-enough-secret-for-HS256-xyz ';
    expect(readEnvironment({ JWT_SECRET: long }).values.JWT_SECRET).toBe(long);
  });
});
