/**
 * The declaration of admin/README-dev.md's recipe ('Adding a resource': the `bees` resource),
 * read from the README as written and compiled as `src/resources/bees/index.ts` would be, so a
 * test walks the recipe without a copy of it (resourceRecipe.test.tsx). Jest only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { ResourceDeclaration } from '../crud/declaration';

const README = join(__dirname, '../../README-dev.md');

/** The source of `src/resources/bees/index.ts` as the README gives it. */
export function recipeDeclarationSource(): string {
  const block = /```ts\n(\/\/ src\/resources\/bees\/index\.ts\n[\s\S]*?)```/.exec(readFileSync(README, 'utf8'));
  if (!block) throw new Error('admin/README-dev.md has no ```ts block starting with // src/resources/bees/index.ts');
  const [file] = block[1]!.split('\n// src/resources/index.ts');
  return file!.trimEnd() + '\n';
}

/** The README's declaration, evaluated with its imports resolved from `src/resources/bees/`. */
export function recipeDeclaration(): ResourceDeclaration {
  const { outputText } = ts.transpileModule(recipeDeclarationSource(), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  // A path relative to src/resources/bees/ becomes one relative to src/test/ (this file).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluates the README's module with jest's require
  const requireFromBees = (id: string): unknown => require(id.startsWith('../../') ? `../${id.slice('../../'.length)}` : id);
  const module = { exports: {} as { default?: ResourceDeclaration } };
  new Function('require', 'module', 'exports', outputText)(requireFromBees, module, module.exports);
  if (!module.exports.default) throw new Error("The README's declaration has no default export");
  return module.exports.default;
}
