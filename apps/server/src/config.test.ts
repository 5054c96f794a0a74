import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('defaults to 127.0.0.1:8080 with SQLite under ./data of the directory the command ran in', () => {
    const config = loadConfig({}, '/srv/gatehouse');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/gatehouse/data',
      databaseUrl: undefined,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('uses INIT_CWD, where npm was invoked, for relative paths', () => {
    expect(loadConfig({ INIT_CWD: '/home/me/gh', DATA_DIR: 'var' }).dataDir).toBe('/home/me/gh/var');
  });

  it('reads PORT, HOST, DATA_DIR, DATABASE_URL, ADMIN_PASSWORD and JWT_SECRET', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: '/tmp/x',
        DATABASE_URL: 'postgres://u@h/db',
        ADMIN_PASSWORD: 'pw',
        JWT_SECRET: 's',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      adminPassword: 'pw',
      jwtSecret: 's',
    });
  });

  it('refuses a bad PORT or a non-PostgreSQL DATABASE_URL', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, '/')).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' }, '/')).toThrow('DATABASE_URL');
  });
});
