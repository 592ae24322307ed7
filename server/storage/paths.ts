import { join } from 'node:path';

// kept apart from dialect.ts so `npm run leads` can look for the database without loading the drivers

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export function sqliteFile(dataDir: string): string {
  return join(dataDir, 'leads.sqlite');
}
