// Bundles a service entry (TypeScript, with our workspace packages inlined) into one ESM file.
// Third-party packages stay external and load from node_modules, so native and wasm packages
// (argon2, PGlite, Chromium) work unchanged. Usage: node scripts/bundle.mjs <entry> <outfile>
import { build } from 'esbuild';

const [entry, outfile] = process.argv.slice(2);
if (!entry || !outfile) {
  console.error('usage: bundle.mjs <entry.ts> <out.js>');
  process.exit(2);
}

const externalThirdParty = {
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@insp/')) return undefined; // our workspaces: inline their TS source
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalThirdParty],
});
console.log(`bundled ${entry} -> ${outfile}`);
