import { describe, expect, it } from 'vitest';
import { onOutsideHost, outsideLinkDomain, ownUploadId, uploadLink } from './upload-links.ts';

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
  it('takes the domain from the API address without its first label, never a bare public suffix', () => {
    expect(outsideLinkDomain('https://api.imgur.com/3/')).toBe('imgur.com');
    expect(outsideLinkDomain('https://api.photos.example.co.uk/')).toBe('photos.example.co.uk');
    expect(outsideLinkDomain('https://imgur.com/')).toBe('imgur.com');
  });

  it('accepts https links on that domain and its subdomains only', () => {
    expect(onOutsideHost(`https://i.imgur.com/${id}.jpg`, 'imgur.com')).toBe(true);
    expect(onOutsideHost(`https://imgur.com/${id}.jpg`, 'imgur.com')).toBe(true);
    for (const link of [
      `http://i.imgur.com/${id}.jpg`,
      `https://evilimgur.com/${id}.jpg`,
      `https://i.imgur.com.evil.example/${id}.jpg`,
      `https://user@i.imgur.com/${id}.jpg`,
      'not a link',
    ]) {
      expect(onOutsideHost(link, 'imgur.com'), link).toBe(false);
    }
    // another site on the same public suffix is not the host's
    expect(onOutsideHost(`https://shop.other.co.uk/${id}.jpg`, outsideLinkDomain('https://api.photos.example.co.uk/'))).toBe(false);
  });
});
