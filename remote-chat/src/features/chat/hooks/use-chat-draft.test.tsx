import { act, waitFor } from '@testing-library/react';
import { renderHookWithQuery } from '../../../test/render';
import { closeLocalData, draftKey, localDataFor } from '@chat/outbox';
import { afterEach, describe, expect, it } from 'vitest';
import { useChatDraft } from './use-chat-draft';

// The stored draft goes back in the box only when it was there before the box was used.

afterEach(() => closeLocalData());
const key = draftKey('group', 'g1');

describe('useChatDraft', () => {
  it('restores the draft stored before the chat opened', async () => {
    const userId = `u-${Math.random()}`;
    await localDataFor(userId).drafts.save(key, 'meio escrito');
    const { result } = renderHookWithQuery(() => useChatDraft(userId, 'group', 'g1'));
    expect(result.current.restored?.text).toBe('meio escrito');
  });

  it('restores a draft read after the chat opened, while the box is untouched', async () => {
    const userId = `u-${Math.random()}`;
    const { result } = renderHookWithQuery(() => useChatDraft(userId, 'group', 'g1'));
    await act(() => localDataFor(userId).drafts.save(key, 'de outra aba'));
    await waitFor(() => expect(result.current.restored?.text).toBe('de outra aba'));
  });

  it("never puts back the box's own save when it lands after the message was sent", async () => {
    const userId = `u-${Math.random()}`;
    const { drafts } = localDataFor(userId);
    await drafts.ready;
    const { result } = renderHookWithQuery(() => useChatDraft(userId, 'group', 'g1'));
    act(() => result.current.setText('enviada'));
    act(() => result.current.setText(''));
    // The debounced save of 'enviada', written late (a loaded machine), then the removal.
    await act(() => drafts.save(key, 'enviada'));
    expect(result.current.restored).toBeUndefined();
  });
});
