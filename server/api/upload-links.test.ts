import { describe, expect, it } from 'vitest';
import { externalOrigins } from '../../core/security/policy.ts';
import { onOrigins, ownUploadId, uploadLink } from './upload-links.ts';

const origins = ['https://www.helderdigitaal.nl', 'http://127.0.0.1:4173/'];
const id = 'AbCdEfGhIjKlMnOp_-123456';

describe('ownUploadId', () => {
  it('gives the id of a link to one of our own uploads', () => {
    expect(ownUploadId(`https://www.helderdigitaal.nl/uploads/${id}.jpg`, origins)).toBe(id);
    expect(ownUploadId(`http://127.0.0.1:4173/uploads/${id}.png`, origins)).toBe(id);
    expect(ownUploadId(`https://www.helderdigitaal.nl/uploads/${id}.gif`, origins)).toBe(id);
    expect(ownUploadId(uploadLink('https://www.helderdigitaal.nl/', id, 'png'), origins)).toBe(id);
  });

  it('gives nothing for other hosts, schemes, ports and look-alikes', () => {
    for (const link of [
      `https://evil.example/uploads/${id}.jpg`,
      `http://www.helderdigitaal.nl/uploads/${id}.jpg`,
      `https://www.helderdigitaal.nl:8443/uploads/${id}.jpg`,
      `https://www.helderdigitaal.nl.evil.example/uploads/${id}.jpg`,
      `https://user@www.helderdigitaal.nl/uploads/${id}.jpg`,
      `https://i.imgur.com/${id}.jpg`,
      `http://127.0.0.1:4174/uploads/${id}.png`,
    ]) {
      expect(ownUploadId(link, origins), link).toBeUndefined();
    }
  });

  it('gives nothing for other paths, names, extensions, queries and encodings', () => {
    for (const link of [
      `https://www.helderdigitaal.nl/uploads/${id}.webp`,
      `https://www.helderdigitaal.nl/uploads/${id}.JPG`,
      `https://www.helderdigitaal.nl/uploads/${id}`,
      `https://www.helderdigitaal.nl/uploads/short.jpg`,
      `https://www.helderdigitaal.nl/uploads/tmp/${id}.jpg`,
      `https://www.helderdigitaal.nl/other/${id}.jpg`,
      `https://www.helderdigitaal.nl/x/../uploads/${id}.jpg`,
      `https://www.helderdigitaal.nl/uploads/%2e%2e/${id}.jpg`,
      `https://www.helderdigitaal.nl/uploads/${id}%2Ejpg`,
      `https://www.helderdigitaal.nl/uploads/${id}.jpg?x=1`,
      `https://www.helderdigitaal.nl/uploads/${id}.jpg?`,
      `https://www.helderdigitaal.nl/uploads/${id}.jpg#frag`,
      `https://WWW.helderdigitaal.nl/uploads/${id}.jpg`,
      `https://www.helderdigitaal.nl//uploads/${id}.jpg`,
      ` https://www.helderdigitaal.nl/uploads/${id}.jpg`,
      'not a link',
      '',
    ]) {
      expect(ownUploadId(link, origins), link).toBeUndefined();
    }
  });

  it('ignores origins that do not parse and knows none when given none', () => {
    expect(ownUploadId(`https://www.helderdigitaal.nl/uploads/${id}.jpg`, ['not a url', 'https://www.helderdigitaal.nl'])).toBe(id);
    expect(ownUploadId(`https://www.helderdigitaal.nl/uploads/${id}.jpg`, [])).toBeUndefined();
  });
});

describe('links on an outside image host', () => {
  const imgur = externalOrigins({ imageHost: { mode: 'imgur', baseUrl: 'https://api.imgur.com', clientId: 'x' } }).img;

  it('accepts https links on the origins the site shows images from (the API and i.imgur.com)', () => {
    expect(onOrigins(`https://i.imgur.com/${id}.jpg`, imgur)).toBe(true);
    expect(onOrigins(`https://api.imgur.com/${id}.jpg`, imgur)).toBe(true);
  });

  it('refuses every other host, however alike, and guesses no domain from a public suffix', () => {
    for (const link of [
      `http://i.imgur.com/${id}.jpg`,
      `https://imgur.com/${id}.jpg`,
      `https://evil.imgur.com/${id}.jpg`,
      `https://evilimgur.com/${id}.jpg`,
      `https://i.imgur.com.evil.example/${id}.jpg`,
      `https://user@i.imgur.com/${id}.jpg`,
      `https://i.imgur.com:8443/${id}.jpg`,
      'not a link',
    ]) {
      expect(onOrigins(link, imgur), link).toBe(false);
    }
    const pages = externalOrigins({ imageHost: { mode: 'imgur', baseUrl: 'https://img.github.io/api', clientId: 'x' } }).img;
    expect(onOrigins(`https://someone-else.github.io/${id}.jpg`, pages)).toBe(false);
  });
});
