import { existsSync } from 'node:fs';
import { terminalJson } from './terminal-safe.ts';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sqliteFile } from '../storage/paths.ts';
import type { Storage, StorageOptions } from '../storage/types.ts';
import { leadsCsv } from './csv.ts';
import { clean, leadDetail, leadList } from './format-leads.ts';
import { erasePerson, parseWho, personJson, type Who } from '../people/person.ts';
import { uploadsDirOf } from '../storage/upload-files.ts';
import { isUsageError, UsageError } from '../usage-error.ts';

export const usage = `usage: npm run leads -- [--spam] [--limit N] [--json | --csv]
       npm run leads -- show <id or unique id prefix> [--json]
       npm run leads -- export <e-mail address | lead id>   everything of one person, as JSON
       npm run leads -- erase <e-mail address | lead id>    erase everything of one person`;

const COMMANDS = ['show', 'export', 'erase'];

export interface LeadsIo {
  env: Record<string, string | undefined>;
  /** DATA_DIR when the environment sets none */
  defaultDataDir: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** A target that is not one person: said in one line, without the usage, so the line is read */
class TargetError extends Error {}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      csv: { type: 'boolean', default: false },
      spam: { type: 'boolean', default: false },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.json && values.csv) throw new UsageError('choose one of --json and --csv');
  let limit: number | undefined;
  if (values.limit !== undefined) {
    limit = Number(values.limit);
    if (!/^\d+$/.test(values.limit) || limit < 1) throw new UsageError(`--limit wants a positive whole number, not ${JSON.stringify(values.limit)}`);
  }
  const [command, id, ...rest] = positionals;
  if (command !== undefined && !COMMANDS.includes(command)) throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  if (command === 'show' && (id === undefined || rest.length > 0)) throw new UsageError('show wants exactly one lead id (or a unique start of one)');
  let person: { action: 'export' | 'erase'; who: Who } | undefined;
  if (command === 'export' || command === 'erase') {
    if (id === undefined || rest.length > 0) throw new UsageError(`${command} wants one e-mail address or one whole lead id`);
    const who = parseWho(id);
    if (!who) throw new TargetError(`${command} takes one whole e-mail address (such as an@example.nl) or one whole lead id, not "${clean(id)}"`);
    person = { action: command, who };
  }
  return { ...values, limit, show: command === 'show' ? id : undefined, person };
}

function storageOptions(io: LeadsIo): { options: StorageOptions; missing?: string } {
  const databaseUrl = io.env.DATABASE_URL || undefined;
  const dataDir = io.env.DATA_DIR ? resolve(io.env.DATA_DIR) : io.defaultDataDir;
  // openStorage reports a DATABASE_URL that is not postgres:// rather than quietly reading a local file
  if (databaseUrl) return { options: { databaseUrl, dataDir } };
  const file = sqliteFile(dataDir);
  // do not create an empty database just to report there is nothing in it
  return { options: { dataDir }, missing: existsSync(file) ? undefined : file };
}

async function show(storage: Storage, prefix: string, json: boolean, io: LeadsIo): Promise<number> {
  const wanted = prefix.toLowerCase();
  const matches = await storage.findLeadsByIdPrefix(wanted, 10);
  const lead = matches.length === 1 ? matches[0] : matches.find((m) => m.id === wanted);
  if (!lead) {
    const ids = matches.map((m) => m.id).join(', ');
    io.err(matches.length ? `"${prefix}" is the start of several leads (${ids}); give more of the id\n` : `no lead with an id starting with "${prefix}"\n`);
    return 1;
  }
  const mails = await storage.mailsForLead(lead.id);
  io.out(json ? `${terminalJson({ ...lead, mails })}\n` : leadDetail(lead, mails));
  return 0;
}

/** `export`: the person's data as JSON on stdout. `erase`: all of it gone, and a line on what was erased. */
async function person(storage: Storage, dataDir: string, { action, who }: { action: 'export' | 'erase'; who: Who }, io: LeadsIo): Promise<number> {
  const target = 'email' in who ? who.email : `lead ${who.leadId}`;
  if (action === 'export') {
    const found = await storage.findPerson(who);
    if (found.leads.length + found.mails.length === 0) io.err(`nothing is stored of ${clean(target)}\n`);
    io.out(`${terminalJson(personJson(who, found))}\n`);
    return 0;
  }
  const erased = await erasePerson(storage, uploadsDirOf(dataDir), who);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const what = `${plural(erased.leads, 'lead')}, ${plural(erased.photos, 'photo')} and ${plural(erased.mails, 'mail')}`;
  io.out(erased.leads + erased.photos + erased.mails === 0 ? `nothing is stored of ${clean(target)}\n` : `erased ${what} of ${clean(target)}\n`);
  if (erased.scrubbed) return 0;
  io.err(
    'the rows are deleted, but the database could not be rewritten to the end (another process held it, or on PostgreSQL this role does not own the tables); run the same erase again\n',
  );
  return 1;
}

async function run(argv: string[], io: LeadsIo): Promise<number> {
  const args = parse(argv);
  if (args.help) {
    io.out(`${usage}\n`);
    return 0;
  }
  const { options, missing } = storageOptions(io);
  if (missing) {
    io.err(`no leads yet: ${missing} does not exist (the server creates it when it starts)\n`);
    if (args.person?.action === 'export') io.out(`${terminalJson(personJson(args.person.who, { leads: [], mails: [], photos: [] }))}\n`);
    if (args.show) return 1;
    if (args.json) io.out('[]\n');
    if (args.csv) io.out(leadsCsv([]));
    return 0;
  }
  // loaded only now: the drivers take a moment, and the answers above need none of them
  const { openStorage } = await import('../storage/open-storage.ts');
  const storage = await openStorage(options);
  try {
    if (args.show) return await show(storage, args.show, args.json, io);
    if (args.person) return await person(storage, options.dataDir, args.person, io);
    const leads = await storage.listLeads({ spam: args.spam, limit: args.limit });
    if (args.json) io.out(`${terminalJson(leads)}\n`);
    else if (args.csv) io.out(leadsCsv(leads));
    else if (leads.length === 0) io.out(args.spam ? 'no spam\n' : 'no leads yet (spam is listed with --spam)\n');
    else io.out(leadList(leads, args.spam));
    return 0;
  } finally {
    await storage.close();
  }
}

/** `npm run leads` with its arguments; resolves to the exit code (0 ok, 1 failed, 2 bad arguments) and never rejects. */
export async function leadsCommand(argv: string[], io: LeadsIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const usageError = isUsageError(error);
    if (error instanceof TargetError) io.err(`${message}\n`);
    else io.err(usageError ? `${message}\n${usage}\n` : `leads: ${message}\n`);
    return usageError || error instanceof TargetError ? 2 : 1;
  }
}
