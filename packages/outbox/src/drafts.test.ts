import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalData, type LocalData } from './local-data';
import { draftKey } from './types';

const opened: LocalData[] = [];
const open = (userId: string) => {
  const data = createLocalData(userId);
  opened.push(data);
  return data;
};
afterEach(() => opened.splice(0).forEach((data) => data.close()));

const quote = { id: 'm1', authorId: 'u2', authorName: 'Bruno', body: 'oi', type: 'text' as const, deleted: false };

describe('drafts', () => {
  it('keeps the text and the reply per chat, across a reload', async () => {
    const userId = `drafts-${Math.random()}`;
    const first = open(userId);
    await first.drafts.save(draftKey('conversation', 'c1'), 'meio escrito', quote);
    await first.drafts.save(draftKey('group', 'g1'), 'no grupo');
    first.close();

    const again = open(userId);
    await again.drafts.ready;
    expect(again.drafts.all().get(draftKey('conversation', 'c1'))).toMatchObject({ text: 'meio escrito', replyTo: quote });
    expect(again.drafts.all().get(draftKey('group', 'g1'))?.text).toBe('no grupo');
    expect(again.drafts.all().has(draftKey('conversation', 'g1'))).toBe(false);
  });

  it('forgets a draft when the box is emptied (as sending does)', async () => {
    const data = open(`drafts-${Math.random()}`);
    const key = draftKey('conversation', 'c1');
    await data.drafts.save(key, 'algo');
    await data.drafts.save(key, '   ');
    expect(data.drafts.all().has(key)).toBe(false);
  });

  it('forgets a draft emptied while its save is still being written (typed, then sent at once)', async () => {
    const userId = `drafts-${Math.random()}`;
    const data = open(userId);
    await data.drafts.ready;
    const key = draftKey('group', 'g1');
    const typed = data.drafts.save(key, 'enviada logo em seguida');
    await data.drafts.save(key, '');
    await typed;
    expect(data.drafts.all().has(key)).toBe(false);
    data.close();
    const again = open(userId);
    await again.drafts.ready;
    expect(again.drafts.all().has(key)).toBe(false);
  });

  it("never shows another user's drafts", async () => {
    const ana = open(`ana-${Math.random()}`);
    await ana.drafts.save(draftKey('conversation', 'c1'), 'da Ana');
    const bruno = open(`bruno-${Math.random()}`);
    await bruno.drafts.ready;
    expect(bruno.drafts.all().size).toBe(0);
  });

  it("tells another tab's store of the same user when a draft changes", async () => {
    const userId = `tabs-${Math.random()}`;
    const one = open(userId);
    const two = open(userId);
    await two.drafts.ready;
    const changed = new Promise<void>((resolve) => two.drafts.subscribe(resolve));
    await one.drafts.save(draftKey('conversation', 'c1'), 'de outra aba');
    await changed;
    expect(two.drafts.all().get(draftKey('conversation', 'c1'))?.text).toBe('de outra aba');
  });
});
