import { describe, expect, it } from 'vitest';
import { History, type Change } from './history.ts';

const v = (text: string) => ({ text, version: `v-${text}` });
const change = (path: string, before: string, after: string, key?: string): Change => ({ path, before: v(before), after: v(after), key, at: 0 });

describe('History kept over a reload', () => {
  it('brings back the steps that fit the files as they are', () => {
    const history = new History();
    history.record(change('a.json', '1', '2'));
    history.record(change('b.json', 'x', 'y'));
    history.record(change('a.json', '2', '3'));
    const back = History.load(history.save(), { 'a.json': 'v-3', 'b.json': 'v-y' });
    expect(back.peekUndo()?.after.text).toBe('3');
    back.undid(v('2'));
    expect(back.peekUndo()?.path).toBe('b.json');
  });
  it('drops the steps of a file changed since, and those below them', () => {
    const history = new History();
    history.record(change('a.json', '1', '2'));
    history.record(change('b.json', 'x', 'y'));
    const back = History.load(history.save(), { 'a.json': 'v-2', 'b.json': 'v-changed' });
    expect(back.canUndo).toBe(false);
  });
  it('starts empty on nothing saved, or on something else', () => {
    expect(History.load(null, {}).canUndo).toBe(false);
    expect(History.load('not json', {}).canUndo).toBe(false);
  });
});
