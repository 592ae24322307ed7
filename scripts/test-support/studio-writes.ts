import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { STAFF_REQUEST_HEADER } from '../../core/admin/contract.ts';
import { PUBLISH_API, STUDIO_API, type ChangesAnswer, type PublishAnswer, type StudioState, type UploadedImage } from '../../core/studio/contract.ts';

/**
 * The writes of the studio and the shapes of a request that may make one, for the tests of its request guard on
 * both hosts (the dev server's and `npm run studio`'s): what the studio's own page sends, what another site's page
 * (or an old browser's form) can make a browser send, and every write call with a body that would change something.
 */
export type Headers = Record<string, string>;

/** A write as the studio's own page sends it: a fetch from its own origin, its body's type and the custom header. */
export const studioWrite = (origin: string, type = 'application/json'): Headers => ({
  'sec-fetch-site': 'same-origin',
  origin,
  'content-type': type,
  [STAFF_REQUEST_HEADER]: '1',
});

/** What the studio's own page sends: in a browser that says where a request comes from, and in one that does not. */
export function ownShapes(origin: string, type = 'application/json'): Record<string, Headers> {
  const { 'sec-fetch-site': _, ...noFetchSite } = studioWrite(origin, type);
  return { 'its own page': studioWrite(origin, type), 'its own page, in a browser without Sec-Fetch-Site': noFetchSite };
}

/** Each shape of a write that no page of the studio sends; each fails one check, with the body's own type (`type`). */
export function hostileShapes(origin: string, type = 'application/json'): Record<string, Headers> {
  const own = studioWrite(origin, type);
  const { 'sec-fetch-site': _, origin: __, ...bare } = own;
  return {
    'no Sec-Fetch-Site and no Origin': bare,
    'Origin http://evil.example': { ...bare, origin: 'http://evil.example' },
    // an old browser's form on another site: no Sec-Fetch-Site, no Origin, a form's body type
    'text/plain with a foreign Referer': { 'content-type': 'text/plain', referer: 'http://evil.example/form.html' },
    'Sec-Fetch-Site cross-site': { ...own, 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' },
    'Sec-Fetch-Site same-site': { ...own, 'sec-fetch-site': 'same-site', origin: 'http://preview.example.test' },
    'JSON without the custom header': { 'sec-fetch-site': 'same-origin', origin, 'content-type': type },
    'text/plain from its own origin': { ...own, 'content-type': 'text/plain' },
  };
}

/** One write call: its path, a body that would change something, and the body's type the studio's page sends. */
export interface WriteCall {
  path: string;
  body: string | Uint8Array<ArrayBuffer>;
  type?: string;
}

const json = (value: unknown) => JSON.stringify(value);

/** A small PNG: an upload's bytes. */
export const smallPng = async () =>
  new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer(),
  );

type Call = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * The studio's API writes (both hosts have them), each with a body that would change the site: an edit, a text put
 * back, a step, a new page, a page deleted, an image, an image deleted, and publish's commit, push, discard and
 * restore. Made as the studio's own page (`call` with `ownHeaders`): an image nothing uses (to delete), and an
 * edit (so that Publish has something to publish and Discard something to discard). `oldCommit`: a version to
 * restore.
 */
export async function studioApiWrites(call: Call, ownHeaders: (type?: string) => Headers, oldCommit?: string): Promise<Record<string, WriteCall>> {
  const uploaded = await call(`${STUDIO_API}/image?library=1&name=unused.png`, {
    method: 'POST',
    headers: ownHeaders('application/octet-stream'),
    body: await smallPng(),
  });
  if (uploaded.status !== 201) throw new Error(`the studio's own upload: ${uploaded.status} ${await uploaded.text()}`);
  const unused = ((await uploaded.json()) as UploadedImage).src;
  let state = (await (await call(`${STUDIO_API}/state`)).json()) as StudioState;
  const homeOf = () => state.files.find((file) => file.path === 'content/pages/home.json')!;
  const edited = await call(`${STUDIO_API}/edit`, {
    method: 'POST',
    headers: ownHeaders(),
    body: json({ path: 'content/pages/home.json', base: homeOf().hash, ops: [{ op: 'set', path: ['title'], value: 'Van de studio zelf' }] }),
  });
  if (edited.status !== 200) throw new Error(`the studio's own edit: ${edited.status} ${await edited.text()}`);
  state = (await (await call(`${STUDIO_API}/state`)).json()) as StudioState;
  const home = homeOf();
  const other = state.files.find((file) => file.path.startsWith('content/pages/') && file.path !== home.path)!;
  const changes = (await (await call(`${PUBLISH_API}/changes`)).json()) as PublishAnswer<ChangesAnswer>;
  const fingerprint = changes.git ? changes.fingerprint : 'none';
  const hostile = home.text.replace('Van de studio zelf', 'Overgenomen');
  return {
    edit: { path: `${STUDIO_API}/edit`, body: json({ path: home.path, base: home.hash, ops: [{ op: 'set', path: ['title'], value: 'Overgenomen' }] }) },
    restore: { path: `${STUDIO_API}/restore`, body: json({ path: home.path, base: home.hash, text: hostile }) },
    step: { path: `${STUDIO_API}/step`, body: json({ files: [{ path: home.path, base: home.hash, text: hostile }] }) },
    create: { path: `${STUDIO_API}/create`, body: json({ path: 'content/pages/overgenomen.json', text: '{ "title": "Overgenomen", "blocks": [] }\n' }) },
    remove: { path: `${STUDIO_API}/remove`, body: json({ path: other.path, base: other.hash }) },
    image: { path: `${STUDIO_API}/image?library=1&name=overgenomen.png`, body: await smallPng(), type: 'application/octet-stream' },
    'media delete': { path: `${STUDIO_API}/media/delete`, body: json({ src: unused }) },
    'publish commit': { path: `${PUBLISH_API}/commit`, body: json({ fingerprint, message: 'Overgenomen', name: 'Iemand' }) },
    'publish push': { path: `${PUBLISH_API}/push`, body: json({}) },
    'publish discard': { path: `${PUBLISH_API}/discard`, body: json({ fingerprint }) },
    'publish restore': { path: `${PUBLISH_API}/restore`, body: json({ commit: oldCommit ?? 'HEAD~1', message: 'Overgenomen', name: 'Iemand' }) },
  };
}

/**
 * Sends every write in every shape (with `extra` headers: a cookie), and gives each answer's status as
 * "<shape>: <write> <status>". `harmless`: with a body each call refuses (`{}`, no image), which changes nothing.
 */
export async function answers(
  call: Call,
  writes: Record<string, WriteCall>,
  shapes: (type?: string) => Record<string, Headers>,
  { extra = {}, harmless = false }: { extra?: Headers; harmless?: boolean } = {},
): Promise<{ said: string; status: number }[]> {
  const said: { said: string; status: number }[] = [];
  for (const [name, write] of Object.entries(writes))
    for (const [shape, headers] of Object.entries(shapes(write.type))) {
      const body = harmless ? (write.type ? new Uint8Array() : '{}') : write.body;
      const answer = await call(write.path, { method: 'POST', headers: { ...headers, ...extra }, body });
      said.push({ said: `${shape}: ${name} ${answer.status}`, status: answer.status });
      await answer.body?.cancel();
    }
  return said;
}

/** The writes in every hostile shape that were not answered 403: none when the guard refused them all. */
export const notRefused = async (...args: Parameters<typeof answers>) =>
  (await answers(...args)).filter((answer) => answer.status !== 403).map((answer) => answer.said);

/** The studio's own requests (with bodies each call refuses) that the guard refused: none when it let them all in. */
export const ownRefused = async (call: Call, writes: Record<string, WriteCall>, origin: string, extra: Headers = {}) =>
  (await answers(call, writes, (type) => ownShapes(origin, type), { extra, harmless: true }))
    .filter((answer) => answer.status === 403)
    .map((answer) => answer.said);

/** Every file of a folder (git's folder aside) with a hash of its bytes: to see that nothing was written. */
export function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const name = relative(dir, path);
    if (!entry.isFile() || name === '.git' || name.startsWith('.git/')) continue;
    files[name] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return files;
}
