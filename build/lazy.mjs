// Lazy modules: code an artifact carries but evaluates only when it is first called.
//
// A command hook is a new process per tool call, so every byte of the bundle is parsed on
// every call. The shell walkers (unbash, the program tables, PowerShell) are more than half of
// an artifact and are needed only when a call carries a shell command; Write, Edit, Read, a
// prompt or a session event never touch them. For each module listed in LAZY_MODULES the build:
//   1. bundles that module with everything it imports into a CommonJS function body (a nested
//      rollup build with the same plugins, minified);
//   2. replaces the module, inside the artifact, with a small stand-in that holds that body as
//      one string constant and exports the same functions. The first call to any of them
//      evaluates the string once (`new Function`) and forwards; later calls go straight through.
// A string constant costs the parser a scan, not a parse, so a hook that never analyses a
// command skips that work. The artifact stays one self-contained file; the string is part of
// the source hash in the banner like any other input. In the sources (tests, typecheck) the
// module is an ordinary one: only the build swaps it.
//
// Rules for a lazy module (checked here, at build time): it exports functions only (a value
// export could not be forwarded lazily), and it may import only node: built-ins the artifact
// policy allows (they are handed in from the artifact's own imports).
import { rollup } from 'rollup';
import { isAbsolute, join, relative, sep } from 'node:path';
import terser from '@rollup/plugin-terser';
import ts from 'typescript';

/** Repo-relative paths of the modules the build evaluates lazily. */
export const LAZY_MODULES = Object.freeze([
  // the shell walkers: unbash, the program tables, PowerShell (only a shell command needs them)
  'core/analysis/walk.ts',
  // running universal hooks (only an event the person has a hook for needs it)
  'core/hooks/run.ts',
]);

/** The stand-in's name for the function that evaluates the string on first use. */
const LOAD = '__stoplineLazyLoad';

/**
 * TypeScript to JavaScript one file at a time (`transpileModule`): what the project's
 * isolatedModules setting guarantees is safe. Type errors are `npm run typecheck`'s job.
 * @returns {import('rollup').Plugin}
 */
export function transpileTypeScript() {
  return {
    name: 'stopline-transpile-ts',
    transform(code, id) {
      if (!id.endsWith('.ts') || id.includes(`${sep}node_modules${sep}`)) return null;
      const out = ts.transpileModule(code, {
        fileName: id,
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true, removeComments: true, sourceMap: false },
      });
      return { code: out.outputText, map: null };
    },
  };
}

function innerMinifier() {
  // a function body, not a module: no import/export, but its top level is private to the
  // function, so top-level names may be mangled like a module's
  return terser({ ecma: 2020, module: false, toplevel: true, compress: { passes: 2 }, mangle: true, format: { comments: false }, maxWorkers: 1 });
}

/**
 * Bundles one lazy module into a CommonJS body.
 * @param {string} id absolute module id
 * @param {() => import('rollup').Plugin[]} plugins the artifact's own input plugins (fresh instances)
 * @returns {Promise<{ code: string, exports: string[], builtins: string[], moduleIds: string[] }>}
 */
export async function bundleLazyModule(id, plugins) {
  const bundle = await rollup({
    input: id,
    treeshake: true,
    // built-ins stay imports of the body; the stand-in imports them in the artifact, where the
    // artifact's own import policy (build/builtins.mjs) checks them
    external: (source) => source.startsWith('node:'),
    plugins: plugins(),
    onwarn(warning, warn) {
      if (warning.code === 'CIRCULAR_DEPENDENCY' && (warning.ids ?? []).every((m) => m.includes('node_modules'))) return;
      if (warning.code === 'INVALID_ANNOTATION') return;
      throw new Error(`lazy module ${id}: ${warning.message}`);
    },
  });
  const { output } = await bundle.generate({ format: 'cjs', exports: 'named', interop: 'esModule', generatedCode: 'es2015', sourcemap: false, plugins: [innerMinifier()] });
  await bundle.close();
  const chunk = output[0];
  if (output.length !== 1 || chunk.type !== 'chunk') throw new Error(`lazy module ${id}: expected one chunk, got ${output.length} outputs`);
  const builtins = chunk.imports.filter((m) => m.startsWith('node:'));
  const other = chunk.imports.filter((m) => !m.startsWith('node:'));
  if (other.length > 0) throw new Error(`lazy module ${id}: imports ${other.join(', ')} that the bundle did not include`);
  return { code: chunk.code, exports: chunk.exports, builtins, moduleIds: chunk.moduleIds };
}

/**
 * Evaluates a CommonJS body the way the stand-in will, with the given built-ins.
 * @param {string} code
 * @param {Record<string, unknown>} builtins
 */
export function evaluateLazyBody(code, builtins) {
  const module = { exports: {} };
  // eslint-disable-next-line no-new-func -- the point of a lazy module (see the top of this file)
  new Function('require', 'module', 'exports', code)((name) => builtins[name], module, module.exports);
  return /** @type {Record<string, unknown>} */ (module.exports);
}

/**
 * The stand-in module's source (plain JS, valid TypeScript syntax).
 * @param {{ code: string, exports: string[], builtins: string[] }} inner
 */
export function standInSource(inner) {
  const lines = ['// lazy stand-in generated by build/lazy.mjs'];
  inner.builtins.forEach((name, i) => lines.push(`import * as __lazyBuiltin${i} from ${JSON.stringify(name)};`));
  lines.push(`const __lazyBody = ${JSON.stringify(inner.code)};`);
  lines.push('let __lazyExports;');
  lines.push(`function ${LOAD}() {`);
  lines.push('  if (__lazyExports === undefined) {');
  lines.push(`    const builtins = { ${inner.builtins.map((name, i) => `${JSON.stringify(name)}: __lazyBuiltin${i}`).join(', ')} };`);
  lines.push('    const module = { exports: {} };');
  lines.push("    new Function('require', 'module', 'exports', __lazyBody)((name) => builtins[name], module, module.exports);");
  lines.push('    __lazyExports = module.exports;');
  lines.push('  }');
  lines.push('  return __lazyExports;');
  lines.push('}');
  for (const name of inner.exports) lines.push(`export function ${name}(...args) { return ${LOAD}().${name}(...args); }`);
  return lines.join('\n') + '\n';
}

/**
 * The rollup plugin that swaps each lazy module for its stand-in.
 * @param {{ root: string, plugins: () => import('rollup').Plugin[], modules?: readonly string[], within?: string, onInnerModules?: (ids: string[]) => void }} opts
 *   plugins: the artifact's input plugins, created fresh for each nested build;
 *   within: the folder a lazy body's own files must come from (default core/: host code stays eager);
 *   onInnerModules: receives the module ids bundled into each lazy body (for the banner's source hash)
 * @returns {import('rollup').Plugin}
 */
export function lazyModules({ root, plugins, modules = LAZY_MODULES, within = 'core/', onInnerModules = () => {} }) {
  const wanted = new Map(modules.map((m) => [join(root, m), m]));
  const PREFIX = '\0stopline-lazy:';
  return {
    name: 'stopline-lazy-modules',
    // A virtual id, so the TypeScript plugin (which compiles .ts files from disk) leaves the
    // stand-in alone: every import that resolves to a lazy module gets the stand-in instead.
    async resolveId(source, importer, options) {
      if (source.startsWith(PREFIX)) return source;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && wanted.has(resolved.id) ? PREFIX + wanted.get(resolved.id) : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const rel = id.slice(PREFIX.length);
      const inner = await bundleLazyModule(join(root, rel), plugins);
      const outside = inner.moduleIds.filter((m) => isAbsolute(m) && !m.includes(`${sep}node_modules${sep}`) && !relative(root, m).split(sep).join('/').startsWith(within));
      if (outside.length > 0) throw new Error(`lazy module ${rel} imports code outside ${within} (${outside.map((m) => relative(root, m)).join(', ')})`);
      // every export must be a function: a value could not be forwarded without evaluating the body
      const probe = evaluateLazyBody(inner.code, Object.fromEntries(await Promise.all(inner.builtins.map(async (b) => [b, await import(b)]))));
      const notFunctions = inner.exports.filter((name) => typeof probe[name] !== 'function');
      if (notFunctions.length > 0) throw new Error(`lazy module ${rel} exports non-functions (${notFunctions.join(', ')}); only functions can be forwarded lazily`);
      onInnerModules(inner.moduleIds);
      return { code: standInSource(inner), map: null };
    },
  };
}
