/**
 * The declaration of the recipe for a resource (docs/back-office.md, 'The recipe's declaration':
 * the `bees` resource), read from the page as written and compiled as `src/resources/bees/index.ts`
 * would be, so a test walks the recipe without a copy of it (resourceRecipe.test.tsx). Jest only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { ResourceDeclaration } from '../crud/declaration';

const PAGE = join(__dirname, '../../../docs/back-office.md');

/** The source of `src/resources/bees/index.ts` as the page gives it. */
export function recipeDeclarationSource(): string {
  const block = /```ts\n(\/\/ src\/resources\/bees\/index\.ts\n[\s\S]*?)```/.exec(readFileSync(PAGE, 'utf8'));
  if (!block) throw new Error('docs/back-office.md has no ```ts block starting with // src/resources/bees/index.ts');
  const [file] = block[1]!.split('\n// src/resources/index.ts');
  return file!.trimEnd() + '\n';
}

/** The page's declaration, evaluated with its imports resolved from `src/resources/bees/`. */
export function recipeDeclaration(): ResourceDeclaration {
  const { outputText } = ts.transpileModule(recipeDeclarationSource(), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  // A path relative to src/resources/bees/ becomes one relative to src/test/ (this file).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluates the page's module with jest's require
  const requireFromBees = (id: string): unknown => require(id.startsWith('../../') ? `../${id.slice('../../'.length)}` : id);
  const module = { exports: {} as { default?: ResourceDeclaration } };
  new Function('require', 'module', 'exports', outputText)(requireFromBees, module, module.exports);
  if (!module.exports.default) throw new Error("The page's declaration has no default export");
  return module.exports.default;
}
