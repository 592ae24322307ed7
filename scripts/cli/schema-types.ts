import { readdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { tmpdir } from 'node:os';
import { compile } from 'json-schema-to-typescript';

const BANNER = `/* Generated from schemas/ by \`npm run gen:types\`. Do not edit: change the schema and run it again. */`;

/** Root schemas whose types the engine uses; everything they reference comes along once. */
function roots(schemaDir: string): string[] {
  const wanted = ['site.schema.json', 'page.schema.json', 'block.schema.json', 'collection.schema.json', 'form.schema.json'];
  const present = new Set(readdirSync(schemaDir));
  return wanted.filter((f) => present.has(f));
}

/** TypeScript source for every type the schemas define, as one string. */
export async function generateTypes(schemaDir: string): Promise<string> {
  const files = roots(schemaDir);
  // One synthetic root that references every root schema, so shared definitions are emitted once.
  const work = mkdtempSync(join(tmpdir(), 'gen-types-'));
  try {
    const rootSchema = {
      title: 'SchemaRoots',
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(files.map((f) => [f.replace('.schema.json', ''), { $ref: relative(work, join(schemaDir, f)).split(sep).join('/') }])),
    };
    const ts = await compile(rootSchema as never, 'SchemaRoots', {
      cwd: work,
      bannerComment: BANNER,
      additionalProperties: false,
      unreachableDefinitions: false,
      strictIndexSignatures: true,
      format: true,
      ignoreMinAndMaxItems: true,
      style: { singleQuote: true, printWidth: 140 },
    });
    return ts;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function writeTypes(schemaDir: string, outFile: string): Promise<void> {
  writeFileSync(outFile, await generateTypes(schemaDir));
}
