import { expect, type Locator, type Page } from '@playwright/test';

// Choosing images in the message box, as a person would: the image button's real file chooser,
// then the preview where each image gets its caption before 'Enviar'.

export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The preview of the images picked and not sent yet. */
export const imagePreview = (page: Page): Locator => page.getByRole('region', { name: 'Imagens para enviar' });

/** Opens the file chooser with the clip's 'Imagem' and picks the files (the preview opens for the accepted ones). */
export async function chooseImages(page: Page, ...files: PickedFile[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Anexar' }).click();
  await page.getByRole('menuitem', { name: 'Imagem' }).click();
  await (await chooser).setFiles(files);
}

/** Opens the file chooser with the clip's 'Arquivo' and picks the files (each is sent as a file). */
export async function chooseFiles(page: Page, ...files: PickedFile[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Anexar' }).click();
  await page.getByRole('menuitem', { name: 'Arquivo' }).click();
  await (await chooser).setFiles(files);
}

/** Picks one image and sends it from the preview, with a caption if given. */
export async function pickImage(page: Page, file: PickedFile, caption?: string): Promise<void> {
  await chooseImages(page, file);
  await expect(imagePreview(page)).toBeVisible();
  if (caption) await imagePreview(page).getByRole('textbox', { name: 'Legenda' }).fill(caption);
  await imagePreview(page).getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(imagePreview(page)).toBeHidden();
}
