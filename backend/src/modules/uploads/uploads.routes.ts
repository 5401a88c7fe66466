import { pipeline } from 'node:stream/promises';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { AppError } from '../../common/errors';
import { ifNoneMatchNames } from '../../http-kit/etag';
import { restRoute, type RestRoutes } from '../auth';
import type { UploadsService } from './uploads.service';

type Services = { uploads: UploadsService };

/** `POST /api/uploads`: the answer has the shape the old image host gave, `{ success, data: { url } }`. */
const route = restRoute<Services>();

export const uploadsRoutes: RestRoutes<Services> = [
  route({
    method: 'POST',
    path: '/uploads',
    tag: 'Uploads',
    summary:
      "Upload a JPEG, PNG or WebP image of at most 5 MB and UPLOAD_MAX_MEGAPIXELS (default 24) (signed-in users); the answer has the old image host's shape",
    description:
      'The image is re-encoded as WebP under a random name, with smaller widths beside it. 413 for an image over 5 MB; ' +
      '429 past the per-user upload limit; 503 with `Retry-After` while too many images are being decoded in this process.',
    access: { allow: 'signed in' },
    body: 'image',
    failures: [413, 429, 503],
    answer: z.object({
      success: z.literal(true),
      data: z.object({ url: z.string().describe("The stored image's path, under /uploads/") }),
    }),
    work: async ({ body: readImage }, _res, { caller, services }) => {
      // Refuse before reading up to 5 MB from someone who may not upload.
      await services.uploads.checkMayUpload(caller);
      const { url } = await services.uploads.uploadImage(caller, await readImage());
      return { success: true as const, data: { url } };
    },
  }),
];

/**
 * `GET /uploads/{name}` from the bucket, for any process, when no S3_PUBLIC_URL sends browsers
 * elsewhere: streamed as it arrives, with the cache headers of an image that never changes.
 */
export function storedImageHandler(services: Services): RequestHandler {
  return async (req, res) => {
    const image = await services.uploads.open(String(req.params.name));
    if (!image) throw new AppError('NOT_FOUND', 'No such image');
    res.setHeader('cache-control', 'public, max-age=604800, immutable');
    res.setHeader('etag', image.etag);
    if (ifNoneMatchNames(req.headers['if-none-match'], image.etag)) {
      image.body.destroy();
      res.status(304).end();
      return;
    }
    res.type(image.contentType);
    if (image.length !== null) res.setHeader('content-length', image.length);
    try {
      await pipeline(image.body, res);
    } catch (error) {
      // A browser that goes away mid-image is no failure of ours.
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    }
  };
}
