import { rmSync } from 'node:fs';
import { publishTemplate } from './data-template';
import { startProduct } from './product';

/** Prepares the DATA_DIR template of support/data-template.ts; removed again at teardown. */
export default async function globalSetup(): Promise<() => void> {
  const product = await startProduct();
  await product.stop({ keepData: true });
  publishTemplate(product.dataDir);
  return () => rmSync(product.dataDir, { recursive: true, force: true });
}
