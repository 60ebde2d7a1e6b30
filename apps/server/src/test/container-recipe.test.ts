/**
 * The container recipe (docs/operations.md "Containers"), checked as files since no image can be built here: the
 * Dockerfile runs the production start (`node apps/server/dist/main.js`, as `npm start` and the rolling-restart test
 * behind HAProxy do) as a user other than root with a HEALTHCHECK on /livez; compose.yaml parses, runs PostgreSQL 16, Redis, Mailpit,
 * two web processes, a worker and HAProxy, and gives each shop process every variable the shop requires in
 * production, which its own config check then accepts without a warning; HAProxy checks /readyz of each web process.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, configWarnings, envSchema, loadConfig } from '../config.js';
import { serverPackageRoot } from '../lib/package-root.js';
import { SERVER_ENTRY } from './server-process.js';

const repo = join(serverPackageRoot(), '../..');
const read = (path: string) => readFileSync(join(repo, path), 'utf8');

/**
 * The production start as a repository-relative command: the server bundle that `npm run build` writes and that
 * the rolling-restart test behind HAProxy runs (server-process.ts's SERVER_ENTRY).
 */
const PRODUCTION_START = ['node', relative(repo, SERVER_ENTRY)];

/** The Dockerfile's instructions, continuation lines joined, comments dropped: [keyword, rest]. */
function instructions(text: string): [string, string][] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return [keyword.toUpperCase(), rest.join(' ')];
    });
}

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean | null>;
  volumes?: string[];
  healthcheck?: { test: string[] };
}

/** The final stage's ENV (`ENV A=1 B=2`), the defaults every container starts with. */
function imageEnvironment(): Record<string, string> {
  const steps = instructions(read('Dockerfile'));
  const final = steps.slice(steps.map(([keyword]) => keyword).lastIndexOf('FROM'));
  return Object.fromEntries(
    final
      .filter(([keyword]) => keyword === 'ENV')
      .flatMap(([, rest]) => rest.split(/\s+/))
      .map((pair) => pair.split('=') as [string, string]),
  );
}

const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
const shopServices = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

/**
 * The variables the shop requires in production on PostgreSQL, from its own checks: what loadConfig refuses to
 * start without, and what configWarnings warns about.
 */
function requiredInProduction(): string[] {
  const names = new Set(['NODE_ENV', 'DATABASE_URL']);
  try {
    loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://shop@db.example/shop' });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) names.add(problem.split(':')[0]!);
  }
  for (const warning of configWarnings({ nodeEnv: 'production', publicUrl: undefined, port: 3000 }))
    names.add(/^[A-Z_]+/.exec(warning)![0]);
  return [...names].sort();
}

/** Compose's interpolation for the check: `${X:-default}` its default, `${X:?message}` a sample value, `${X}` empty. */
function interpolate(value: string): string {
  return value.replace(
    /\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g,
    (_, name: string, kind?: string, rest?: string) => {
      if (kind === '-') return rest ?? '';
      if (kind === '?') return name === 'AUTH_SECRET' ? 'a'.repeat(64) : 'sample';
      return '';
    },
  );
}

describe('Dockerfile', () => {
  const steps = instructions(read('Dockerfile'));
  const stages = steps.filter(([keyword]) => keyword === 'FROM').map(([, rest]) => rest);
  const final = steps.slice(steps.map(([keyword]) => keyword).lastIndexOf('FROM'));

  it('builds on Node 20 slim in stages: npm ci and the build, then only production dependencies', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(steps.find(([keyword]) => keyword === 'ARG')?.[1]).toBe('NODE_VERSION=20');
    for (const stage of stages) expect(stage).toMatch(/^node:\$\{NODE_VERSION\}-slim\b/);
    const runs = steps.filter(([keyword]) => keyword === 'RUN').map(([, rest]) => rest);
    expect(runs).toContainEqual(expect.stringContaining('npm ci'));
    expect(runs).toContainEqual(expect.stringMatching(/npm run build && npm prune --omit=dev/));
    expect(final.filter(([keyword]) => keyword === 'COPY').map(([, rest]) => rest)).toContainEqual(
      expect.stringMatching(/^--from=build .*apps\/server\/dist /),
    );
  });

  it('starts the production start as a user other than root, with a HEALTHCHECK on /livez', () => {
    const cmd = final.filter(([keyword]) => keyword === 'CMD').at(-1)?.[1];
    expect(JSON.parse(cmd!)).toEqual(PRODUCTION_START);
    expect(PRODUCTION_START).toEqual(['node', 'apps/server/dist/main.js']);
    // npm start runs the same bundle.
    expect(read('scripts/start.mjs')).toContain("join(root, 'apps/server/dist/main.js')");
    const user = final.filter(([keyword]) => keyword === 'USER').at(-1)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user!.split(':')[0]);
    const healthcheck = final.find(([keyword]) => keyword === 'HEALTHCHECK')?.[1] ?? '';
    expect(healthcheck).toMatch(/CMD .*\/livez/);
    expect(imageEnvironment()).toMatchObject({ NODE_ENV: 'production', PORT: '3000', PROCESS_ROLE: 'all' });
  });

  it('has a .dockerignore that leaves out installed modules, builds, local data and secrets', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.env', 'data', '.git'])
      expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  it('runs PostgreSQL 16, Redis, Mailpit, two web processes and a worker from one image, and HAProxy', () => {
    expect(compose.services.postgres?.image).toBe('postgres:16');
    expect(compose.services.postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(compose.services.redis?.image).toMatch(/^redis:/);
    expect(compose.services.mailpit?.image).toMatch(/^axllent\/mailpit/);
    expect(compose.services.haproxy?.image).toMatch(/^haproxy:/);
    expect(
      Object.fromEntries(shopServices.map(([name, service]) => [name, service.environment?.PROCESS_ROLE])),
    ).toEqual({ web1: 'web', web2: 'web', worker: 'worker' });
    expect(new Set(shopServices.map(([, service]) => service.image))).toEqual(new Set(['partsforge:latest']));
  });

  it('gives every shop process each variable required in production, which the config check accepts', () => {
    const required = requiredInProduction();
    expect(required).toEqual(
      expect.arrayContaining(['AUTH_SECRET', 'DATABASE_URL', 'PAYMENT_PROVIDER', 'PUBLIC_URL']),
    );
    for (const [name, service] of shopServices) {
      const environment = service.environment ?? {};
      expect(Object.keys(environment), name).toEqual(expect.arrayContaining(required));
      for (const key of Object.keys(environment))
        expect(Object.keys(envSchema.shape), `${name}: ${key}`).toContain(key);
      const env = {
        ...imageEnvironment(),
        ...Object.fromEntries(
          Object.entries(environment).map(([key, value]) => [key, interpolate(String(value ?? ''))]),
        ),
      };
      const config = loadConfig(env, '/app');
      expect(configWarnings(config), name).toEqual([]);
      expect(new URL(config.databaseUrl!).host).toBe('postgres:5432');
      expect(new URL(config.redisUrl!).host).toBe('redis:6379');
      expect(new URL(config.mail.smtpUrl!).host).toBe('mailpit:1025');
      expect(config.dataDir).toBe('/data');
    }
  });

  it('puts HAProxy in front of the web processes, checking /readyz', () => {
    expect(compose.services.haproxy?.volumes).toContain(
      './deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro',
    );
    const cfg = read('deploy/haproxy.cfg');
    expect(cfg).toMatch(/^\s*http-check send meth GET uri \/readyz$/m);
    const servers = [...cfg.matchAll(/^\s*server (\S+) (\S+):(\d+) check$/gm)].map((match) => match.slice(1));
    expect(servers).toEqual([
      ['web1', 'web1', '3000'],
      ['web2', 'web2', '3000'],
    ]);
  });

  const haproxy = spawnSync('haproxy', ['-v']).status === 0;
  it.skipIf(!haproxy)("is a configuration HAProxy's own check accepts (Debian's haproxy)", () => {
    expect(() =>
      execFileSync('haproxy', ['-c', '-q', '-f', join(repo, 'deploy/haproxy.cfg')], { stdio: 'pipe' }),
    ).not.toThrow();
  });
});
