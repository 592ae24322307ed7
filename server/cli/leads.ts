/**
 * `npm run leads`: the leads the site received, read from the same database the server
 * writes (DATABASE_URL, or DATA_DIR/leads.sqlite; DATA_DIR defaults to <repo>/data).
 *
 *   npm run leads                       non-spam leads, newest first
 *   npm run leads -- --spam             the spam instead
 *   npm run leads -- show <id-prefix>   one lead in full, with its mails
 *   npm run -s leads -- export <address | lead id>   everything of one person, as JSON
 *   npm run leads -- erase <address | lead id>       everything of one person gone (logged without the data)
 *   npm run -s leads -- --json | --csv  data only on stdout (-s keeps npm's banner out)
 *   --limit N                           at most N leads
 */
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { leadsCommand } from './leads-command.ts';

process.exitCode = await leadsCommand(process.argv.slice(2), {
  env: process.env,
  defaultDataDir: join(paths.root, 'data'),
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
});
