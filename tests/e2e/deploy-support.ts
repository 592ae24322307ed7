import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, type X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { paths } from '../../core/paths.ts';

/**
 * docs/deploying.md as tests/e2e/deploy.spec.ts follows it: its snippets read from the page, with only what a test on
 * one machine must change (host names, addresses and ports, folders), and the processes it names started as the
 * units start them.
 */
export const DEPLOYING = join(paths.root, 'docs/deploying.md');

/** The page's fenced snippets by their title: ```caddyfile title="Caddyfile"``` is `Caddyfile`. */
export function snippets(file = DEPLOYING): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of readFileSync(file, 'utf8').matchAll(/^```\w+ title="([^"]+)"\n([\s\S]*?)^```$/gm)) found.set(match[1]!, match[2]!);
  return found;
}

export function snippet(title: string): string {
  const text = snippets().get(title);
  if (text === undefined) throw new Error(`docs/deploying.md has no snippet titled ${title}`);
  return text;
}

/** An EnvironmentFile's settings: KEY=VALUE lines, comments and blank lines left out (as systemd reads it). */
export function settingsOf(text: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) settings[match[1]!] = match[2]!;
  }
  return settings;
}

/** The page's host names and the test's: *.helder.test, which Chromium resolves to the loopback. */
export const HOSTS = { site: 'www.helder.test', admin: 'kantoor.helder.test', studio: 'studio.helder.test' };
const DOC_HOSTS = { site: 'www.example.nl', admin: 'kantoor.example.nl', studio: 'studio.example.nl' };
/** The page's instances, by their private addresses. */
const DOC_INSTANCES = ['10.0.0.11', '10.0.0.12'];

/** The ports of one instance's three processes' listeners (the site, the back office, the studio). */
export interface InstancePorts {
  site: number;
  admin: number;
  studio: number;
}

export interface Layout {
  httpPort: number;
  httpsPort: number;
  instances: [InstancePorts, InstancePorts];
}

/** An origin of the test as a browser opens it: https on Caddy's port. */
export const origin = (layout: Layout, host: keyof typeof HOSTS) => `https://${HOSTS[host]}:${layout.httpsPort}`;

/**
 * The page's Caddyfile on this machine: its global options (the ACME e-mail) replaced by Caddy's own CA, no admin
 * endpoint, ports of the test's and a storage folder; the host names the test's; each instance's address and port
 * the loopback and its own ports. Everything else as the page has it.
 */
export function caddyfileForTest(page: string, layout: Layout, storage: string): string {
  const globals = ['{', '\tadmin off', '\tlocal_certs', '\tskip_install_trust', `\thttp_port ${layout.httpPort}`, `\thttps_port ${layout.httpsPort}`];
  globals.push(`\tstorage file_system ${storage}`, '}');
  if (!/^\{\n[\s\S]*?\n\}\n/.test(page)) throw new Error('the Caddyfile on docs/deploying.md does not begin with its global options');
  let text = page.replace(/^\{\n[\s\S]*?\n\}\n/, `${globals.join('\n')}\n`);
  for (const key of Object.keys(HOSTS) as (keyof typeof HOSTS)[]) text = text.replaceAll(DOC_HOSTS[key], HOSTS[key]);
  DOC_INSTANCES.forEach((address, i) => {
    const ports = layout.instances[i]!;
    text = text
      .replaceAll(`${address}:4173`, `127.0.0.1:${ports.site}`)
      .replaceAll(`${address}:4330`, `127.0.0.1:${ports.admin}`)
      .replaceAll(`${address}:4331`, `127.0.0.1:${ports.studio}`);
  });
  if (/10\.0\.0\.|example\.nl/.test(text)) throw new Error(`an address of the page is left in the test's Caddyfile:\n${text}`);
  return text;
}

export interface InstanceFolders {
  /** DATA_DIR */
  data: string;
  /** the live build (SITE_OUT): on machines of their own each instance has its dist/, here a folder each */
  live: string;
}

/**
 * One instance's environment as its units get it: the page's settings file and its machine's file, with the test's
 * origins (Caddy's https port), the loopback for the instance's address, its own ports and folders, the throwaway
 * database and the test's remote.
 */
export function instanceEnv(layout: Layout, index: 0 | 1, folders: InstanceFolders, database: string, remote: string): Record<string, string> {
  const settings = { ...settingsOf(snippet('/etc/helder/helder.env')), ...settingsOf(snippet('/etc/helder/instance.env')) };
  const ports = layout.instances[index];
  const own: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings)) {
    let text = value;
    for (const host of Object.keys(HOSTS) as (keyof typeof HOSTS)[]) text = text.replaceAll(`https://${DOC_HOSTS[host]}`, origin(layout, host));
    own[key] = text.replace(DOC_INSTANCES[0]!, '127.0.0.1');
  }
  Object.assign(own, { PORT: `${ports.site}`, ADMIN_PORT: `${ports.admin}`, STUDIO_PORT: `${ports.studio}` });
  Object.assign(own, { DATA_DIR: folders.data, SITE_OUT: folders.live, DATABASE_URL: database, STUDIO_REMOTE: remote });
  if (Object.values(own).some((value) => /10\.0\.0\.|example\.nl/.test(value))) throw new Error(`a setting of the page is left: ${JSON.stringify(own)}`);
  return own;
}

/** Free ports on the loopback, as many as asked. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  return ports;
}

/** A process the test started, with what it printed, stopped with SIGTERM to its whole group (npm, its shell and node). */
export interface Started {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export function startProcess(command: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(command, args, { cwd: paths.root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(-child.pid!, 'SIGTERM');
      const force = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'), 30_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/** Waits until `url` answers at all (any status), or the process ended: then its output is the error. */
export async function answering(url: string, started: Started, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`it ended (${started.child.exitCode}) before ${url} answered:\n${started.output()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(5_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not answer:\n${started.output()}`);
}

/** The certificate Caddy serves for `servername` on the loopback, once it has one. */
function certificateOf(port: number, servername: string): Promise<X509Certificate | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername, rejectUnauthorized: false }, () => {
      const certificate = socket.getPeerX509Certificate();
      socket.end();
      resolve(certificate?.checkHost(servername) ? certificate : undefined);
    });
    socket.once('error', () => resolve(undefined));
  });
}

/**
 * Caddy as its own process on the test's Caddyfile, once it serves a certificate for each of the three names. Gives
 * the base64 SHA-256 of each leaf's public key, which Chromium trusts by --ignore-certificate-errors-spki-list (a
 * page on them is then a secure context, where WebAuthn works), and the root of its CA for Node's clients.
 */
export async function startCaddy(caddyfile: string, folder: string, layout: Layout): Promise<Started & { spki: string[]; root: string }> {
  const file = join(folder, 'Caddyfile');
  writeFileSync(file, caddyfile);
  const caddy = startProcess('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], { HOME: folder, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder });
  const spki: string[] = [];
  for (const name of Object.values(HOSTS)) {
    const deadline = Date.now() + 60_000;
    let certificate: X509Certificate | undefined;
    while (!(certificate = await certificateOf(layout.httpsPort, name))) {
      if (caddy.child.exitCode !== null || Date.now() > deadline) throw new Error(`Caddy serves no certificate for ${name}:\n${caddy.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    spki.push(
      createHash('sha256')
        .update(certificate.publicKey.export({ type: 'spki', format: 'der' }))
        .digest('base64'),
    );
  }
  return { ...caddy, spki, root: join(folder, 'caddy-storage/pki/authorities/local/root.crt') };
}
