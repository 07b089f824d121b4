import { LIMITS } from '@chat/contracts';

/** What the message box tells the typing signal: each change of its text, and an explicit stop. */
export interface TypingTimer {
  /** The text changed (a keystroke, a pasted or inserted emoji, a cleared box). */
  input: (text: string) => void;
  /** Stop now (the message was sent, the chat is being left). Nothing happens when not typing. */
  stop: () => void;
}

/**
 * docs/produto.md, Regras de conversa, Typing: start on the first keystroke, stop after `idleMs`
 * without one, on empty text, and on send or leaving (`stop`). `onChange` is called on a real
 * change of state, so a short burst of keystrokes emits one start and one stop; a writer who keeps
 * typing repeats the start every `refreshMs` (the receiver forgets a start after
 * LIMITS.typingShownMs).
 */
export function createTypingTimer(
  onChange: (isTyping: boolean) => void,
  idleMs: number = LIMITS.typingIdleMs,
  refreshMs: number = LIMITS.typingRefreshMs,
): TypingTimer {
  let typing = false;
  let startedAt = 0;
  let idle: ReturnType<typeof setTimeout> | null = null;

  const clearIdle = () => {
    if (idle !== null) clearTimeout(idle);
    idle = null;
  };

  const stop = () => {
    clearIdle();
    if (!typing) return;
    typing = false;
    onChange(false);
  };

  const input = (text: string) => {
    // Whitespace alone is not a message being written.
    if (text.trim() === '') {
      stop();
      return;
    }
    clearIdle();
    if (!typing || Date.now() - startedAt >= refreshMs) {
      typing = true;
      startedAt = Date.now();
      onChange(true);
    }
    idle = setTimeout(stop, idleMs);
  };

  return { input, stop };
}
