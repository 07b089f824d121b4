import { type PointerEvent, type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';

export interface ZoomView {
  scale: number;
  x: number;
  y: number;
}

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
/** A double click or tap zooms to this, or back to the whole picture. */
const ZOOM_DOUBLE = 2.5;
const ZOOM_STEP = 1.5;
/** How far a finger must travel sideways, at whole-picture size, to go to the next picture. */
const SWIPE_PX = 60;
const DOUBLE_TAP_MS = 300;

/** The picture's size on screen at whole-picture size: an <img> fitted by object-fit: contain is smaller than its box. */
function shownSize(element: HTMLElement | null): { width: number; height: number } {
  if (!element) return { width: 0, height: 0 };
  const box = { width: element.offsetWidth, height: element.offsetHeight };
  if (!(element instanceof HTMLImageElement) || !element.naturalWidth || !element.naturalHeight) return box;
  const fit = Math.min(box.width / element.naturalWidth, box.height / element.naturalHeight);
  return { width: element.naturalWidth * fit, height: element.naturalHeight * fit };
}

const WHOLE: ZoomView = { scale: 1, x: 0, y: 0 };
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

interface Options {
  /** The picture itself: its size on screen bounds the panning. */
  imageRef: RefObject<HTMLElement | null>;
  /** A sideways swipe at whole-picture size: -1 previous, 1 next. */
  onSwipe: (direction: -1 | 1) => void;
}

/**
 * Zoom and pan of a picture with CSS transforms: buttons (zoomIn/zoomOut), a double click or
 * double tap, the wheel, two fingers pinching, one finger or the mouse dragging a zoomed picture.
 * At whole-picture size a sideways swipe asks for the neighbour instead. The view never leaves
 * the picture's edges inside the frame.
 */
export function useZoomPan({ imageRef, onSwipe }: Options) {
  const [view, setViewState] = useState<ZoomView>(WHOLE);
  // Read by the handlers between renders (a pinch moves faster than React renders).
  const viewRef = useRef(view);
  useLayoutEffect(() => {
    viewRef.current = view;
  }, [view]);
  const setView = useCallback((next: ZoomView) => {
    viewRef.current = next;
    setViewState(next);
  }, []);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ start: ZoomView; from: { x: number; y: number }; distance: number; moved: boolean } | null>(null);
  const lastTap = useRef(0);

  /** `next` with its offsets kept within what the zoomed picture covers. */
  const bounded = useCallback(
    (next: ZoomView): ZoomView => {
      const scale = clamp(next.scale, ZOOM_MIN, ZOOM_MAX);
      const { width, height } = shownSize(imageRef.current);
      const maxX = (width * (scale - 1)) / 2;
      const maxY = (height * (scale - 1)) / 2;
      return { scale, x: clamp(next.x, -maxX, maxX), y: clamp(next.y, -maxY, maxY) };
    },
    [imageRef],
  );

  /** The point (relative to the picture's centre) that stays where it is while zooming. */
  const centreOffset = useCallback(
    (clientX: number, clientY: number) => {
      const box = imageRef.current?.parentElement?.getBoundingClientRect();
      if (!box) return { x: 0, y: 0 };
      return { x: clientX - (box.left + box.width / 2), y: clientY - (box.top + box.height / 2) };
    },
    [imageRef],
  );

  const zoomTo = useCallback(
    (scale: number, at = { x: 0, y: 0 }) => {
      const current = viewRef.current;
      const target = clamp(scale, ZOOM_MIN, ZOOM_MAX);
      const ratio = target / current.scale;
      setView(bounded({ scale: target, x: at.x - (at.x - current.x) * ratio, y: at.y - (at.y - current.y) * ratio }));
    },
    [bounded, setView],
  );

  const zoomIn = useCallback(() => zoomTo(viewRef.current.scale * ZOOM_STEP), [zoomTo]);
  const zoomOut = useCallback(() => zoomTo(viewRef.current.scale / ZOOM_STEP), [zoomTo]);
  const reset = useCallback(() => setView(WHOLE), [setView]);
  const toggleAt = useCallback(
    (clientX: number, clientY: number) =>
      viewRef.current.scale > ZOOM_MIN ? setView(WHOLE) : zoomTo(ZOOM_DOUBLE, centreOffset(clientX, clientY)),
    [zoomTo, centreOffset, setView],
  );

  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    if (!a || !b) return { distance: 0, mid: { x: 0, y: 0 } };
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const { distance } = spread();
    gesture.current = { start: viewRef.current, from: { x: event.clientX, y: event.clientY }, distance, moved: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current || !pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size >= 2 && current.distance > 0) {
      // Pinch: the scale follows the fingers' spread, around their midpoint.
      const { distance, mid } = spread();
      const at = centreOffset(mid.x, mid.y);
      const scale = clamp((current.start.scale * distance) / current.distance, ZOOM_MIN, ZOOM_MAX);
      const ratio = scale / current.start.scale;
      current.moved = true;
      setView(bounded({ scale, x: at.x - (at.x - current.start.x) * ratio, y: at.y - (at.y - current.start.y) * ratio }));
      return;
    }
    const dx = event.clientX - current.from.x;
    const dy = event.clientY - current.from.y;
    if (Math.abs(dx) > 4 || Math.abs(dy) > 4) current.moved = true;
    if (current.start.scale > ZOOM_MIN) setView(bounded({ ...current.start, x: current.start.x + dx, y: current.start.y + dy }));
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    const wasPinch = pointers.current.size >= 2;
    pointers.current.delete(event.pointerId);
    if (!current) return;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other one pans from here.
      const [rest] = [...pointers.current.values()];
      gesture.current = { start: viewRef.current, from: rest!, distance: 0, moved: true };
      return;
    }
    gesture.current = null;
    const dx = event.clientX - current.from.x;
    const dy = event.clientY - current.from.y;
    if (!wasPinch && current.start.scale === ZOOM_MIN && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      onSwipe(dx < 0 ? 1 : -1);
      return;
    }
    // A double tap (touch; the mouse has dblclick) toggles the zoom where it landed.
    if (event.pointerType !== 'mouse' && !current.moved) {
      const now = event.timeStamp;
      if (now - lastTap.current < DOUBLE_TAP_MS) {
        lastTap.current = 0;
        toggleAt(event.clientX, event.clientY);
      } else lastTap.current = now;
    }
  };

  const onWheel = (event: { deltaY: number; clientX: number; clientY: number }) => {
    const factor = event.deltaY < 0 ? 1.2 : 1 / 1.2;
    zoomTo(viewRef.current.scale * factor, centreOffset(event.clientX, event.clientY));
  };

  const onDoubleClick = (event: { clientX: number; clientY: number }) => toggleAt(event.clientX, event.clientY);

  return {
    view,
    zoomIn,
    zoomOut,
    reset,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onDoubleClick },
    onWheel,
  };
}
