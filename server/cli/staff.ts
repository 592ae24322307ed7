/**
 * `npm run staff`: the back office's accounts, on the server, from the same database (DATABASE_URL, or
 * DATA_DIR/leads.sqlite; DATA_DIR defaults to <repo>/data). Works without mail: it prints the invitation link.
 *
 *   npm run staff -- add <e-mail> --role <admin|editor|sales>   a new account and its one-time invitation link
 *   npm run staff -- reset <e-mail>                              break-glass: sessions and factors ended, a new link
 *   npm run staff -- list | disable <e-mail> | enable <e-mail>
 *
 * The link's origin is ADMIN_ORIGIN, or http://127.0.0.1:<ADMIN_PORT, 4330 by default>.
 */
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { staffCommand } from '../staff/staff-command.ts';

process.exitCode = await staffCommand(process.argv.slice(2), {
  env: process.env,
  defaultDataDir: join(paths.root, 'data'),
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
});
