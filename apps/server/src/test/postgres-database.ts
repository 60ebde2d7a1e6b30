/**
 * An empty database with a random name on the test PostgreSQL server (TEST_DATABASE_URL, else the project machines'
 * 127.0.0.1:5432), for tests that migrate it themselves or start server processes on it; dropped by `drop()`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The test PostgreSQL server: TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test. */
export const testServerUrl = (): string =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface EmptyPostgresDatabase {
  /** Connection string of the new database. */
  url: string;
  /** Drops it, closing whatever is still connected. */
  drop(): Promise<void>;
}

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates an empty database (no migrations) named `partsforge_<prefix>_<random>`. */
export async function createEmptyPostgresDatabase(prefix: string): Promise<EmptyPostgresDatabase> {
  const name = `partsforge_${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(`create database "${name}"`);
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(`drop database if exists "${name}" with (force)`),
  };
}
