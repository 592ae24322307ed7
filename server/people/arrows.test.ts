import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The arrows issue 48 straightened, kept straight: storage rests on nothing of the server above it, the people's
 * data is called from the CLI and the back office (never the other way), and the staff's command needs no CLI.
 */
const server = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sources(folder: string): string[] {
  return readdirSync(join(server, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(server, folder, name));
}

/** The server folders (`api`, `cli`, ...) the relative imports of the files under `folder` reach, by file. */
function reached(folder: string): string[] {
  return sources(folder).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '(\.{1,2}\/[^']+)'/gms)].map((m) => {
      const target = relative(server, resolve(dirname(file), m[1]!));
      return `${relative(server, file)} -> ${target.split('/').length > 1 ? target.split('/')[0] : target}`;
    }),
  );
}

const crossing = (folder: string, forbidden: string[]) => reached(folder).filter((arrow) => forbidden.includes(arrow.split(' -> ')[1]!));

describe("the server's arrows", () => {
  it('storage imports nothing of the server above it', () => {
    expect(sources('storage').length).toBeGreaterThan(0);
    expect(crossing('storage', ['api', 'admin', 'cli', 'people', 'staff'])).toEqual([]);
  });

  it("the people's data imports neither the CLI, the API nor the back office", () => {
    expect(sources('people').length).toBeGreaterThan(0);
    expect(crossing('people', ['api', 'admin', 'cli'])).toEqual([]);
  });

  it('the staff and the back office import nothing of the CLI', () => {
    expect(crossing('staff', ['cli'])).toEqual([]);
    expect(crossing('admin', ['cli'])).toEqual([]);
  });
});
