import { describe, expect, it } from 'vitest';
import { History, type Edit, type FileText } from './history.ts';

const v = (text: string): FileText => ({ text, hash: `v-${text}` });
const edit = (path: string, before: string | null, after: string | null, key?: string, at = 0): Edit => ({
  path,
  before: before === null ? null : v(before),
  after: after === null ? null : v(after),
  key,
  at,
});
/** what undoing the top step sends: each file's version there now and the text to put back */
const undoing = (history: History) => history.peekUndo()?.files.map((f) => [f.path, f.after?.hash ?? null, f.before?.text ?? null]);
const redoing = (history: History) => history.peekRedo()?.files.map((f) => [f.path, f.before?.hash ?? null, f.after?.text ?? null]);

/** a page deleted as the studio does it: a link moved away, the route removed, the file gone */
function deletePage(history: History) {
  history.begin();
  history.record(edit('content/pages/home.json', 'links to /contact', 'links to /over-ons'));
  history.record(edit('site.config.json', 'routes with /contact', 'routes with /contact, links moved'));
  history.record(edit('site.config.json', 'routes with /contact, links moved', 'routes without /contact'));
  history.record(edit('content/pages/contact.json', 'the contact page', null));
  history.end();
}

describe('History kept over a reload', () => {
  it('brings back the steps that fit the files as they are', () => {
    const history = new History();
    history.record(edit('a.json', '1', '2'));
    history.record(edit('b.json', 'x', 'y'));
    history.record(edit('a.json', '2', '3'));
    const back = History.load(history.save(), { 'a.json': 'v-3', 'b.json': 'v-y' });
    expect(undoing(back)).toEqual([['a.json', 'v-3', '2']]);
    back.undid({ 'a.json': v('2') });
    expect(undoing(back)).toEqual([['b.json', 'v-y', 'x']]);
  });
  it('drops the steps of a file changed since, and those below them', () => {
    const history = new History();
    history.record(edit('a.json', '1', '2'));
    history.record(edit('b.json', 'x', 'y'));
    const back = History.load(history.save(), { 'a.json': 'v-2', 'b.json': 'v-changed' });
    expect(back.canUndo).toBe(false);
  });
  it('starts empty on nothing saved, or on something else', () => {
    expect(History.load(null, {}).canUndo).toBe(false);
    expect(History.load('not json', {}).canUndo).toBe(false);
  });
  it('reads the steps saved before steps had several files (one file each)', () => {
    const old = JSON.stringify({ done: [{ path: 'a.json', before: v('1'), after: v('2'), at: 0 }], undone: [] });
    expect(undoing(History.load(old, { 'a.json': 'v-2' }))).toEqual([['a.json', 'v-2', '1']]);
  });
  it('keeps a deleted page’s step while its file is still gone, and drops it once a file is there again', () => {
    const history = new History();
    deletePage(history);
    const gone = { 'content/pages/home.json': 'v-links to /over-ons', 'site.config.json': 'v-routes without /contact' };
    expect(History.load(history.save(), gone).canUndo).toBe(true);
    // someone made content/pages/contact.json meanwhile: undoing would overwrite it
    expect(History.load(history.save(), { ...gone, 'content/pages/contact.json': 'v-new' }).canUndo).toBe(false);
  });
});

describe('A page deleted or renamed is one step', () => {
  it('undoes the links, the route and the file together, each file to its text before the step', () => {
    const history = new History();
    history.record(edit('content/pages/contact.json', 'typed', 'the contact page', 'set:/title'));
    deletePage(history);
    expect(undoing(history)).toEqual([
      ['content/pages/home.json', 'v-links to /over-ons', 'links to /contact'],
      ['site.config.json', 'v-routes without /contact', 'routes with /contact'],
      ['content/pages/contact.json', null, 'the contact page'],
    ]);
    history.undid({
      'content/pages/home.json': v('links to /contact'),
      'site.config.json': v('routes with /contact'),
      'content/pages/contact.json': v('the contact page'),
    });
    // the step before it (typing in the page) is the next undo; the delete is one redo
    expect(undoing(history)).toEqual([['content/pages/contact.json', 'v-the contact page', 'typed']]);
    expect(redoing(history)).toEqual([
      ['content/pages/home.json', 'v-links to /contact', 'links to /over-ons'],
      ['site.config.json', 'v-routes with /contact', 'routes without /contact'],
      ['content/pages/contact.json', 'v-the contact page', null],
    ]);
  });
  it('redoes it as one step, then undoes it again as one', () => {
    const history = new History();
    deletePage(history);
    history.undid({
      'content/pages/home.json': v('links to /contact'),
      'site.config.json': v('routes with /contact'),
      'content/pages/contact.json': v('the contact page'),
    });
    history.redid({ 'content/pages/home.json': v('links to /over-ons'), 'site.config.json': v('routes without /contact'), 'content/pages/contact.json': null });
    expect(history.canRedo).toBe(false);
    expect(undoing(history)?.map(([path, base]) => [path, base])).toEqual([
      ['content/pages/home.json', 'v-links to /over-ons'],
      ['site.config.json', 'v-routes without /contact'],
      ['content/pages/contact.json', null],
    ]);
    history.undid({});
    expect(history.canUndo).toBe(false);
  });
  it('does not merge typing into a step of several files, nor a gathered step into the typing before it', () => {
    const history = new History();
    history.record(edit('site.config.json', 'a', 'ab', 'set:/routes/1/path'));
    history.begin();
    history.record(edit('site.config.json', 'ab', 'renamed', 'set:/routes/1/path'));
    history.record(edit('content/pages/home.json', 'old link', 'new link'));
    history.end();
    history.record(edit('site.config.json', 'renamed', 'renamed!', 'set:/routes/1/path'));
    expect(undoing(history)).toEqual([['site.config.json', 'v-renamed!', 'renamed']]);
    history.undid({ 'site.config.json': v('renamed') });
    expect(undoing(history)).toEqual([
      ['site.config.json', 'v-renamed', 'ab'],
      ['content/pages/home.json', 'v-new link', 'old link'],
    ]);
  });
  it('a step that changed nothing is no step, and a new step clears what was undone', () => {
    const history = new History();
    history.begin();
    history.end();
    expect(history.canUndo).toBe(false);
    history.record(edit('a.json', '1', '2'));
    history.undid({ 'a.json': v('1') });
    expect(history.canRedo).toBe(true);
    deletePage(history);
    expect(history.canRedo).toBe(false);
  });
});
