import { useEffect, useRef, useState } from 'react';
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import styles from './message-file.module.css';

// The first page of a PDF, drawn in the browser by pdf.js (its own chunk and worker, loaded only
// when a PDF card is shown). Nothing of the file runs: pdf.js draws it into a canvas.
GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** Wide enough for the card at any pixel ratio the phones have. */
const WIDTH_PX = 640;

export default function PdfPreview({ url, label }: { url: string; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const task = getDocument({ url });
    let cancelled = false;
    void (async () => {
      try {
        const pdf = await task.promise;
        const page = await pdf.getPage(1);
        if (cancelled) return;
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: WIDTH_PX / base.width });
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        await page.render({ canvas, viewport }).promise;
      } catch {
        // A PDF pdf.js cannot read keeps its card without a picture.
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);

  if (failed) return null;
  return (
    <div className={styles.pdfFrame}>
      <canvas ref={canvasRef} className={styles.pdfCanvas} role="img" aria-label={label} />
    </div>
  );
}
