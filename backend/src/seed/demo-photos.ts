import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { UploadsService } from '../modules/uploads';
import { seedImagesDir } from './demo-catalogue';

/** As wide as a shop's product photo: the browser tests load files the size a real shop serves. */
export const DEMO_PHOTO_WIDTH = 1600;

/** The drawings rendered once per process: a process that seeds again (the tests) only stores them. */
const rendered = new Map<string, Promise<Buffer>>();

/**
 * A drawing of `backend/seed-images/` rendered as a photo-sized WebP. Drawn at the density that
 * gives DEMO_PHOTO_WIDTH pixels (its lines stay sharp), not scaled up from its 640 px.
 */
function render(slug: string): Promise<Buffer> {
  let photo = rendered.get(slug);
  if (!photo) {
    photo = readFile(path.join(seedImagesDir, `${slug}.svg`)).then(async (svg) => {
      const { width = DEMO_PHOTO_WIDTH } = await sharp(svg).metadata();
      return sharp(svg, { density: (72 * DEMO_PHOTO_WIDTH) / width })
        .resize({ width: DEMO_PHOTO_WIDTH })
        .webp({ quality: 90 })
        .toBuffer();
    });
    // A failed render is tried again by the next seed, not remembered.
    photo.catch(() => rendered.delete(slug));
    rendered.set(slug, photo);
  }
  return photo;
}

/**
 * The demo products' photos stored as uploads (`UploadsService.storeShopImage`): re-encoded with
 * their responsive widths, served from the image store like any merchant's photo. Answers each
 * slug's upload URL. Rendered side by side; stored one at a time, as the decode queue takes them.
 */
export async function storeDemoPhotos(uploads: UploadsService, slugs: string[]): Promise<Map<string, string>> {
  const photos = slugs.map(render);
  const urls = new Map<string, string>();
  for (const [index, slug] of slugs.entries()) urls.set(slug, (await uploads.storeShopImage(await photos[index])).url);
  return urls;
}
