import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { StorageOptions } from '../storage/types.ts';
import { normaliseEmail, ROLES } from './identity.ts';
import { adminOrigin, invitationLink, inviteStaff, resetStaff } from './invitations.ts';
import type { StaffStore } from './store/staff-store.ts';
import type { StaffOverview } from './store/types.ts';
import { isUsageError, UsageError } from '../usage-error.ts';

export const usage = `usage: npm run staff -- add <e-mail> --role <${ROLES.join('|')}>   a new account, and its one-time invitation link
       npm run staff -- reset <e-mail>     break-glass: end the person's sessions and factors, and make a new invitation link
       npm run staff -- list               everyone, with their role and what they sign in with
       npm run staff -- disable <e-mail>   no more sign-in, sessions ended (enable <e-mail> undoes it)`;

export interface StaffIo {
  env: Record<string, string | undefined>;
  /** DATA_DIR when the environment sets none */
  defaultDataDir: string;
  out: (text: string) => void;
  err: (text: string) => void;
  /** how the store is opened: openStaffStore, loaded only when a command needs the database */
  open?: (options: StorageOptions) => Promise<StaffStore>;
}

interface Command {
  action: 'add' | 'reset' | 'list' | 'disable' | 'enable';
  email?: string;
  role?: string;
}

function parse(argv: string[]): Command | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return 'help';
  const [action, email, ...rest] = positionals;
  if (action === undefined) throw new UsageError('say what to do: add, reset, list, disable or enable');
  if (!['add', 'reset', 'list', 'disable', 'enable'].includes(action)) throw new UsageError(`unknown command ${JSON.stringify(action)}`);
  if (action === 'list') {
    if (email !== undefined || values.role !== undefined) throw new UsageError('list takes no arguments');
    return { action };
  }
  if (email === undefined || rest.length > 0) throw new UsageError(`${action} wants one e-mail address`);
  if (action === 'add' && values.role === undefined) throw new UsageError(`add wants a role: --role ${ROLES.join(', --role ')}`);
  if (action !== 'add' && values.role !== undefined) throw new UsageError(`${action} takes no --role`);
  return { action: action as Command['action'], email, role: values.role };
}

function storageOptions(io: StaffIo): StorageOptions {
  return { databaseUrl: io.env.DATABASE_URL || undefined, dataDir: io.env.DATA_DIR ? resolve(io.env.DATA_DIR) : io.defaultDataDir };
}

const until = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

async function add(store: StaffStore, { email, role }: Command, io: StaffIo): Promise<number> {
  const result = await inviteStaff(store, email!, role!, null);
  if (!result.ok) {
    const reasons = {
      'invalid-email': `${JSON.stringify(email)} is not an e-mail address`,
      'invalid-role': `--role must be one of ${ROLES.join(', ')}, not ${JSON.stringify(role)}`,
      exists: `there is already an account for ${normaliseEmail(email!)}; \`npm run staff -- reset ${normaliseEmail(email!)}\` makes a new invitation`,
    };
    io.err(`${reasons[result.problem]}\n`);
    return result.problem === 'exists' ? 1 : 2;
  }
  io.out(`added ${normaliseEmail(email!)} as ${role}. Send them this link; it works once, until ${until(result.expiresAt)}:\n`);
  io.out(`${invitationLink(adminOrigin(io.env), result.token)}\n`);
  return 0;
}

async function reset(store: StaffStore, { email }: Command, io: StaffIo): Promise<number> {
  const result = await resetStaff(store, email!, null);
  if (!result.ok) {
    io.err(result.problem === 'unknown' ? `there is no account for ${normaliseEmail(email!)}\n` : `${JSON.stringify(email)} is not an e-mail address\n`);
    return result.problem === 'unknown' ? 1 : 2;
  }
  const sessions = result.sessionsEnded === 1 ? '1 session' : `${result.sessionsEnded} sessions`;
  io.out(`reset ${normaliseEmail(email!)}: ${sessions} ended, password, authenticator, recovery codes and passkeys removed.\n`);
  io.out(`Send them this link to set up new ones; it works once, until ${until(result.expiresAt)}:\n`);
  io.out(`${invitationLink(adminOrigin(io.env), result.token)}\n`);
  return 0;
}

async function setDisabled(store: StaffStore, { action, email }: Command, io: StaffIo): Promise<number> {
  const normalised = normaliseEmail(email!);
  const user = normalised && (await store.findUserByEmail(normalised));
  if (!user) {
    io.err(normalised ? `there is no account for ${normalised}\n` : `${JSON.stringify(email)} is not an e-mail address\n`);
    return normalised ? 1 : 2;
  }
  await store.setDisabled(user.id, action === 'disable', null);
  io.out(action === 'disable' ? `disabled ${normalised}: signed out everywhere, and no sign-in until enabled\n` : `enabled ${normalised}\n`);
  return 0;
}

function describeUser(user: StaffOverview): string {
  const factors = [user.hasPassword && 'password', user.hasTotp && 'authenticator', user.passkeys > 0 && `${user.passkeys} passkey(s)`].filter(Boolean);
  const state = user.disabled
    ? 'disabled'
    : factors.length === 0
      ? user.invitationPending
        ? 'invited'
        : 'no way to sign in (reset to invite again)'
      : factors.join(' + ');
  return `${user.email}  ${user.role}  ${state}  ${user.recoveryCodes} recovery codes left  ${user.activeSessions} session(s)`;
}

async function list(store: StaffStore, io: StaffIo): Promise<number> {
  const users = await store.listUsers();
  if (users.length === 0) io.out(`no staff yet: npm run staff -- add <e-mail> --role admin\n`);
  for (const user of users) io.out(`${describeUser(user)}\n`);
  return 0;
}

async function run(argv: string[], io: StaffIo): Promise<number> {
  const command = parse(argv);
  if (command === 'help') {
    io.out(`${usage}\n`);
    return 0;
  }
  // loaded only now: the drivers take a moment, and a usage error needs none of them
  const open = io.open ?? (await import('./store/staff-store.ts')).openStaffStore;
  const store = await open(storageOptions(io));
  try {
    if (command.action === 'add') return await add(store, command, io);
    if (command.action === 'reset') return await reset(store, command, io);
    if (command.action === 'list') return await list(store, io);
    return await setDisabled(store, command, io);
  } finally {
    await store.close();
  }
}

/** `npm run staff` with its arguments; resolves to the exit code (0 done, 1 failed, 2 bad arguments) and never rejects. */
export async function staffCommand(argv: string[], io: StaffIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const usageError = isUsageError(error);
    io.err(usageError ? `${message}\n${usage}\n` : `staff: ${message}\n`);
    return usageError ? 2 : 1;
  }
}
