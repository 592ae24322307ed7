/**
 * `npm run backup`: see docs/backup.md. Reads the same settings as the server: DATABASE_URL, or DATA_DIR/leads.sqlite
 * (DATA_DIR defaults to <repo>/data).
 */
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { backupCommand } from './backup-command.ts';
import { recordBackup } from '../system/backup-record.ts';

const argv = process.argv.slice(2);
const io = {
  env: process.env,
  defaultDataDir: join(paths.root, 'data'),
  out: (text: string) => void process.stdout.write(text),
  err: (text: string) => void process.stderr.write(text),
};
process.exitCode = await backupCommand(argv, io);
// a finished backup is recorded for the System screen and /metrics (server/system/backup-record.ts)
if (process.exitCode === 0) await recordBackup(argv, io);
