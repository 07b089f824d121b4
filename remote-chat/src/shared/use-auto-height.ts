import { type RefObject, useLayoutEffect } from 'react';

/**
 * Fits a textarea's height to what it holds, wrapped lines included, between its `rows` (the
 * least) and `maxRows` lines; past that it scrolls. Measured in the layout effect of each change,
 * before paint, so the box never shows a frame with its first line scrolled out of view.
 */
export function useAutoHeight(ref: RefObject<HTMLTextAreaElement | null>, value: string, maxRows: number): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.height = 'auto';
    // Without layout (a test's DOM) there is nothing to measure: `rows` keeps its height.
    if (element.scrollHeight === 0) return;
    const style = getComputedStyle(element);
    const px = (name: string) => parseFloat(style.getPropertyValue(name)) || 0;
    const lineHeight = px('line-height') || px('font-size') * 1.4;
    const padding = px('padding-top') + px('padding-bottom');
    const border = px('border-top-width') + px('border-bottom-width');
    const max = maxRows * lineHeight + padding;
    const content = element.scrollHeight;
    element.style.height = `${Math.ceil(Math.min(content, max) + (style.boxSizing === 'border-box' ? border : -padding))}px`;
    element.style.overflowY = content > max + 1 ? 'auto' : 'hidden';
    // Grown to fit: whatever the browser scrolled while the box was smaller is undone. Past the
    // largest size, typing at the end shows the end with its padding, not just the caret's line.
    if (content <= max + 1) element.scrollTop = 0;
    else if (element.selectionEnd === element.value.length) element.scrollTop = content;
  }, [ref, value, maxRows]);
}
