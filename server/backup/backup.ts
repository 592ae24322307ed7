/**
 * `npm run backup`: see docs/backup.md. Reads the same settings as the server: DATABASE_URL, or DATA_DIR/leads.sqlite
 * (DATA_DIR defaults to <repo>/data).
 */
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { backupCommand } from './backup-command.ts';

process.exitCode = await backupCommand(process.argv.slice(2), {
  env: process.env,
  defaultDataDir: join(paths.root, 'data'),
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
});
