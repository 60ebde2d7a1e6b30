/**
 * The layering rules of `npm run lint` (eslint.config.js; docs/design.md "Layout") catch what they promise:
 * code given to ESLint as if it sat at a real path of the repo must fail for each kind of violation, and pass
 * when it keeps the rules. If this test fails, a rule was switched off or stopped resolving imports.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Lints `code` as if it were the file at `filePath` and prints the rule ids it breaks, as JSON. */
const LINT_ONE = `
  const { ESLint } = await import('eslint');
  const [filePath, code] = JSON.parse(process.argv[1]);
  const [result] = await new ESLint().lintText(code, { filePath });
  console.log(JSON.stringify(result.messages.map((message) => message.ruleId ?? message.message)));
`;

/**
 * The rule ids ESLint reports for `code` placed at `path` (relative to the repository root), from a plain
 * Node process run in the repository as `npm run lint` runs (not through the test runner's module loader).
 */
async function rulesBroken(path: string, code: string): Promise<string[]> {
  const run = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', LINT_ONE, JSON.stringify([`${repoRoot}${path}`, code])],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`eslint failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[];
}

describe('npm run lint', () => {
  it('refuses a server lib, db or config file that imports a module', async () => {
    expect(
      await rulesBroken(
        'apps/server/src/lib/layering-probe.ts',
        "export { orderRoutes } from '../modules/orders/index.js';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it("refuses a module that reaches into another module's internals, and accepts its index", async () => {
    const path = 'apps/server/src/modules/reviews/layering-probe.ts';
    expect(await rulesBroken(path, "export { requireAdmin } from '../identity/auth-guards.js';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesBroken(path, "export { requireAdmin } from '../identity/index.js';\n")).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // order-service.ts imports order-repository.ts: importing it back from there closes a cycle.
    expect(
      await rulesBroken(
        'apps/server/src/modules/orders/order-repository.ts',
        "import { createOrderService } from './order-service.js';\nexport const again = createOrderService;\n",
      ),
    ).toContain('import-x/no-cycle');
  });

  it('refuses web components that import a feature, but lets their tests render one', async () => {
    const code = "export { PartsCatalog } from '@/features/catalog/components/parts-catalog';\n";
    expect(await rulesBroken('apps/web/src/components/layering-probe.tsx', code)).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesBroken('apps/web/src/components/layering-probe.test.tsx', code)).not.toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuses a file name that is not kebab-case', async () => {
    expect(await rulesBroken('apps/server/src/lib/LayeringProbe.ts', 'export const probe = 1;\n')).toContain(
      'check-file/filename-naming-convention',
    );
  });
});
