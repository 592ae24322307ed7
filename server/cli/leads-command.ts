import { existsSync } from 'node:fs';
import { terminalJson } from './terminal-safe.ts';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sqliteFile } from '../storage/paths.ts';
import type { Storage, StorageOptions } from '../storage/types.ts';
import { leadsCsv } from './csv.ts';
import { leadDetail, leadList } from './format-leads.ts';

export const usage = `usage: npm run leads -- [--spam] [--limit N] [--json | --csv]
       npm run leads -- show <id or unique id prefix> [--json]`;

export interface LeadsIo {
  env: Record<string, string | undefined>;
  /** DATA_DIR when the environment sets none */
  defaultDataDir: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

class UsageError extends Error {}

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
  if (command !== undefined && command !== 'show') throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  if (command === 'show' && (id === undefined || rest.length > 0)) throw new UsageError('show wants exactly one lead id (or a unique start of one)');
  return { ...values, limit, show: command === 'show' ? id : undefined };
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

async function run(argv: string[], io: LeadsIo): Promise<number> {
  const args = parse(argv);
  if (args.help) {
    io.out(`${usage}\n`);
    return 0;
  }
  const { options, missing } = storageOptions(io);
  if (missing) {
    io.err(`no leads yet: ${missing} does not exist (the server creates it when it starts)\n`);
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
    const usageError = error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    io.err(usageError ? `${message}\n${usage}\n` : `leads: ${message}\n`);
    return usageError ? 2 : 1;
  }
}
