import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustedClientRanges } from './config.js';

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

  it('keeps sudo mode open 15 minutes by default, for two hours at most; SUDO_SECONDS sets it within 10 s to a day', () => {
    expect(loadConfig({}).sudoSeconds).toBe(900);
    expect(loadConfig({}).sudoMaxSeconds).toBe(7200);
    expect(loadConfig({ SUDO_MAX_SECONDS: '3600' }).sudoMaxSeconds).toBe(3600);
    expect(loadConfig({ SUDO_SECONDS: '60' }).sudoSeconds).toBe(60);
    expect(() => loadConfig({ SUDO_SECONDS: '5' })).toThrow(ConfigError);
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
        JWT_SECRET: 'k3J9-long-enough-secret-for-HS256-xyz',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      adminPassword: 'pw',
      jwtSecret: 'k3J9-long-enough-secret-for-HS256-xyz',
    });
  });

  it('refuses a bad PORT or a non-PostgreSQL DATABASE_URL', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, '/')).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' }, '/')).toThrow('DATABASE_URL');
  });

  it('asks for a sign-in captcha, and by default lets self-registered accounts in only with approval', () => {
    const defaults = loadConfig({}, '/');
    expect(defaults).toMatchObject({ loginCaptcha: true, captchaTestMode: false, smtpUrl: undefined });
    expect(defaults.registration).toEqual({ enabled: true, approval: true, orgId: undefined, roleId: undefined });
    expect(loadConfig({ REGISTRATION: '' }, '/').registration).toMatchObject({ enabled: true, approval: true });
    const off = loadConfig(
      { LOGIN_CAPTCHA: 'off', REGISTRATION: '0', REGISTRATION_ORG_ID: '7', REGISTRATION_ROLE_ID: '3' },
      '/',
    );
    expect(off.loginCaptcha).toBe(false);
    expect(off.registration).toEqual({ enabled: false, approval: false, orgId: 7, roleId: 3 });
    expect(() => loadConfig({ LOGIN_CAPTCHA: 'maybe' }, '/')).toThrow('LOGIN_CAPTCHA must be on or off');
  });

  it('REGISTRATION=approval opens registration with an administrator enabling each account', () => {
    expect(loadConfig({ REGISTRATION: ' Approval ' }, '/').registration).toMatchObject({
      enabled: true,
      approval: true,
    });
    expect(loadConfig({ REGISTRATION: 'on' }, '/').registration).toMatchObject({ enabled: true, approval: false });
    expect(() => loadConfig({ REGISTRATION: 'later' }, '/')).toThrow('REGISTRATION must be on, off or approval');
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies’ addresses', () => {
    expect(loadConfig({}, '/').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }, '/').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }, '/').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }, '/').trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }, '/').trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8,loopback' }, '/').trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of [
      'true',
      'on',
      '*',
      '11',
      '-1',
      '1.5',
      'proxy.local',
      '10.0.0.0/33',
      '10.0.0.0/8/1',
      '10.0.0.1,',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }, '/'), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' }, '/')).toThrow(/TRUST_PROXY must be the number of reverse proxies/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,gateway' }, '/')).toThrow('"gateway" is neither');
  });

  it('chooses the log format by itself unless LOG_FORMAT is pretty or json', () => {
    expect(loadConfig({}, '/').logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, '/').logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'JSON' }, '/').logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' }, '/')).toThrow('LOG_FORMAT must be pretty or json');
  });

  it('allows CAPTCHA_TEST_MODE outside production only, and SMTP_URL as smtp(s)://', () => {
    expect(loadConfig({ CAPTCHA_TEST_MODE: '1' }, '/').captchaTestMode).toBe(true);
    expect(() => loadConfig({ CAPTCHA_TEST_MODE: '1', NODE_ENV: 'production' }, '/')).toThrow('CAPTCHA_TEST_MODE');
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }, '/').smtpUrl).toBe('smtp://mail:25');
    expect(() => loadConfig({ SMTP_URL: 'http://mail' }, '/')).toThrow('SMTP_URL');
  });

  it('reads the verification limits, within bounds', () => {
    expect(loadConfig({}, '/').verification).toMatchObject({ codeAttempts: 5, resendSeconds: 30, perRecipientHour: 5 });
    expect(loadConfig({ VERIFY_CODE_ATTEMPTS: '3' }, '/').verification.codeAttempts).toBe(3);
    expect(() => loadConfig({ VERIFY_CODE_ATTEMPTS: '0' }, '/')).toThrow('VERIFY_CODE_ATTEMPTS');
  });

  it('keeps the logs 180 days and 30 anonymous refusals per client a minute, within bounds', () => {
    expect(loadConfig({}, '/').audit).toEqual({ retentionDays: 180, anonymousRefusalsPerMinute: 30 });
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '0', AUDIT_ANONYMOUS_REFUSALS_PER_MINUTE: '5' }, '/').audit).toEqual({
      retentionDays: 0,
      anonymousRefusalsPerMinute: 5,
    });
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '-1' }, '/')).toThrow('AUDIT_RETENTION_DAYS');
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '1.5' }, '/')).toThrow('AUDIT_RETENTION_DAYS');
    expect(() => loadConfig({ AUDIT_ANONYMOUS_REFUSALS_PER_MINUTE: 'many' }, '/')).toThrow(
      'AUDIT_ANONYMOUS_REFUSALS_PER_MINUTE',
    );
  });

  it('keeps the logs 180 days and 30 anonymous refusals per client a minute, within bounds', () => {
    expect(loadConfig({}, '/').audit).toEqual({ retentionDays: 180, anonymousRefusalsPerMinute: 30 });
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '0', AUDIT_ANONYMOUS_REFUSALS_PER_MINUTE: '5' }, '/').audit).toEqual({
      retentionDays: 0,
      anonymousRefusalsPerMinute: 5,
    });
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '-1' }, '/')).toThrow('AUDIT_RETENTION_DAYS');
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '1.5' }, '/')).toThrow('AUDIT_RETENTION_DAYS');
    expect(() => loadConfig({ AUDIT_ANONYMOUS_REFUSALS_PER_MINUTE: 'many' }, '/')).toThrow(
      'AUDIT_ANONYMOUS_REFUSALS_PER_MINUTE',
    );
  });

  it('gives each account a 1024 MB upload quota and 120 uploads an hour, within bounds', () => {
    expect(loadConfig({}, '/').uploads).toEqual({ quotaBytes: 1024 * 1_048_576, perAccountHour: 120 });
    expect(loadConfig({ UPLOAD_QUOTA_MB: '5', UPLOAD_PER_ACCOUNT_HOUR: '3' }, '/').uploads).toEqual({
      quotaBytes: 5 * 1_048_576,
      perAccountHour: 3,
    });
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: '0' }, '/')).toThrow('UPLOAD_QUOTA_MB');
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: '1.5' }, '/')).toThrow('UPLOAD_QUOTA_MB');
    expect(() => loadConfig({ UPLOAD_PER_ACCOUNT_HOUR: 'many' }, '/')).toThrow('UPLOAD_PER_ACCOUNT_HOUR');
  });

  it('stores files on disk unless FILE_STORAGE=s3, which needs S3_BUCKET and reads the other S3_* settings', () => {
    expect(loadConfig({}, '/').fileStorage).toEqual({ driver: 'disk' });
    expect(loadConfig({ FILE_STORAGE: 'disk', S3_BUCKET: 'ignored' }, '/').fileStorage).toEqual({ driver: 'disk' });
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'gatehouse-files' }, '/').fileStorage).toEqual({
      driver: 's3',
      bucket: 'gatehouse-files',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    const minio = loadConfig(
      {
        FILE_STORAGE: 'S3',
        S3_BUCKET: 'files.example',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret/with+chars',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'gatehouse/',
      },
      '/',
    );
    expect(minio.fileStorage).toEqual({
      driver: 's3',
      bucket: 'files.example',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret/with+chars' },
      forcePathStyle: true,
      prefix: 'gatehouse/',
    });
    expect(Object.isFrozen(minio.fileStorage)).toBe(true);
  });

  it('refuses an unknown FILE_STORAGE and S3 settings that could not work, naming the variable', () => {
    const s3 = (env: Record<string, string>) => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'files', ...env }, '/');
    expect(() => loadConfig({ FILE_STORAGE: 'ftp' }, '/')).toThrow(/FILE_STORAGE must be disk or s3, got "ftp"/);
    expect(() => loadConfig({ FILE_STORAGE: 's3' }, '/')).toThrow(/S3_BUCKET must name the bucket/);
    expect(() => s3({ S3_BUCKET: 'Upper_Case' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => s3({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => s3({ S3_ENDPOINT: 'ftp://minio:9000' })).toThrow(/S3_ENDPOINT must be an http/);
    // Credentials in the URL are refused, and the message does not repeat them.
    expect(() => s3({ S3_ENDPOINT: 'http://key:hunter2@minio:9000' })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => s3({ S3_ENDPOINT: 'http://key:hunter2@minio:9000' })).not.toThrow(/hunter2/);
    expect(() => s3({ S3_REGION: 'EU West' })).toThrow(/S3_REGION must be a region name/);
    expect(() => s3({ S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => s3({ S3_SECRET_ACCESS_KEY: 'hunter2' })).toThrow(/must be set together/);
    expect(() => s3({ S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE must be on or off/);
    expect(() => s3({ S3_PREFIX: '/gatehouse/' })).toThrow(/S3_PREFIX/);
    expect(() => s3({ S3_PREFIX: 'a/../b/' })).toThrow(/S3_PREFIX/);
    expect(() => s3({ S3_PREFIX: 'with space/' })).toThrow(/S3_PREFIX/);
    for (const error of [
      () => loadConfig({ FILE_STORAGE: 'ftp' }, '/'),
      () => s3({ S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }),
    ]) {
      expect(error).toThrow(ConfigError);
    }
  });

  it('reads the sign-in limits, within bounds', () => {
    expect(loadConfig({}, '/').signIn).toEqual({
      captchaAfter: 3,
      lockAfter: 10,
      lockBaseSeconds: 60,
      lockMaxSeconds: 900,
      checksPerAccountHour: 100,
      failuresPerClientDay: 200,
      hashConcurrency: 2,
      hashQueue: 32,
      refusalDelayMs: 1000,
    });
    expect(
      loadConfig({ LOGIN_LOCK_AFTER: '5', PASSWORD_HASH_QUEUE: '0', LOGIN_REFUSAL_DELAY_MS: '0' }, '/').signIn,
    ).toMatchObject({
      lockAfter: 5,
      hashQueue: 0,
      refusalDelayMs: 0,
    });
    expect(() => loadConfig({ LOGIN_REFUSAL_DELAY_MS: '60000' }, '/')).toThrow('LOGIN_REFUSAL_DELAY_MS');
    expect(() => loadConfig({ LOGIN_CAPTCHA_AFTER: '0' }, '/')).toThrow('LOGIN_CAPTCHA_AFTER');
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' }, '/')).toThrow('PASSWORD_HASH_CONCURRENCY');
  });

  it('keeps access control, the permission interceptor and request encryption off unless switched on', () => {
    expect(loadConfig({}, '/')).toMatchObject({
      accessControl: false,
      permissionInterceptor: false,
      requestEncryption: false,
    });
    expect(
      loadConfig({ ACCESS_CONTROL: 'on', PERMISSION_INTERCEPTOR: '1', REQUEST_ENCRYPTION: 'true' }, '/'),
    ).toMatchObject({ accessControl: true, permissionInterceptor: true, requestEncryption: true });
  });

  it('serves the API docs unless NODE_ENV=production, and as API_DOCS says', () => {
    expect(loadConfig({}, '/').apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }, '/').apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }, '/').apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }, '/').apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'maybe' }, '/')).toThrow('API_DOCS must be on or off');
  });

  it('refuses to start with a weak JWT_SECRET', () => {
    expect(() => loadConfig({ JWT_SECRET: 'secret' }, '/')).toThrow('JWT_SECRET must be at least 32 characters');
    expect(() => loadConfig({ JWT_SECRET: 'a'.repeat(40) }, '/')).toThrow('JWT_SECRET');
  });

  it('reports every bad variable at once, one line each naming the variable and its rule, then the rules between them', () => {
    const env = {
      PORT: 'eighty',
      JWT_SECRET: 'short-secret',
      LOG_FORMAT: 'xml',
      TRUST_PROXY: 'true',
      VERIFY_CODE_ATTEMPTS: '0',
      CAPTCHA_TEST_MODE: '1',
      NODE_ENV: 'production',
      FILE_STORAGE: 's3',
      S3_REGION: 'EU West',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    };
    let thrown: unknown;
    try {
      loadConfig(env, '/');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const lines = [
      'PORT must be an integer between 0 and 65535, got "eighty"',
      // A secret is not repeated.
      'JWT_SECRET must be at least 32 characters with some variety (or unset: one is generated)',
      'LOG_FORMAT must be pretty or json, got "xml"',
      'TRUST_PROXY must be the number of reverse proxies in front of the server (1–10) or a comma-separated list of ' +
        'their addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1); "true" would trust any client\'s X-Forwarded-For',
      'VERIFY_CODE_ATTEMPTS must be an integer between 1 and 20, got "0"',
      'S3_REGION must be a region name such as us-east-1, got "EU West"',
      'CAPTCHA_TEST_MODE writes captcha answers to the outbox and is refused when NODE_ENV=production',
      'S3_BUCKET must name the bucket when FILE_STORAGE=s3',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both unset for the AWS default credentials)',
    ];
    expect((thrown as ConfigError).problems).toEqual(lines);
    expect((thrown as ConfigError).message).toBe(lines.join('\n'));
  });

  it('reports a bad variable once, not again through a rule that reads it', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env, '/');
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ FILE_STORAGE: 's3', S3_BUCKET: 'Upper_Case' })).toEqual([
      'S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots and hyphens), got "Upper_Case"',
    ]);
    expect(problems({ CAPTCHA_TEST_MODE: 'maybe', NODE_ENV: 'production' })).toEqual([
      'CAPTCHA_TEST_MODE must be on or off, got "maybe"',
    ]);
    // The S3 settings are read only with FILE_STORAGE=s3, as before.
    expect(problems({ FILE_STORAGE: 'disk', S3_REGION: 'EU West', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toEqual([]);
    expect(problems({ FILE_STORAGE: 'ftp', S3_REGION: 'EU West' })).toEqual([
      'FILE_STORAGE must be disk or s3, got "ftp"',
    ]);
  });

  it('L-4: names a trusted range that holds the machine’s own network (its clients could choose their address)', () => {
    const trust = loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1,loopback,192.168.1.5' }, '/').trustProxy;
    // Listening in 10.0.0.0/8: the office's clients are in the trusted range.
    expect(trustedClientRanges(trust, ['10.1.2.3'])).toEqual(['10.0.0.0/8']);
    // The proxies' own addresses, loopback and a range the machine is not in are not reported.
    expect(trustedClientRanges(trust, ['127.0.0.1', '172.16.0.4'])).toEqual([]);
    expect(
      trustedClientRanges(loadConfig({ TRUST_PROXY: '10.0.3.10,10.0.3.11' }, '/').trustProxy, ['10.0.3.2']),
    ).toEqual([]);
    expect(trustedClientRanges(loadConfig({ TRUST_PROXY: '2' }, '/').trustProxy, ['10.0.3.2'])).toEqual([]);
    expect(trustedClientRanges(loadConfig({ TRUST_PROXY: 'fd00::/8' }, '/').trustProxy, ['fd00::5'])).toEqual([
      'fd00::/8',
    ]);
  });
});
