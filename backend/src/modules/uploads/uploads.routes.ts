import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response, Router } from 'express';
import multer, { MulterError } from 'multer';
import { badInput } from '../../common/errors';
import { ifNoneMatchNames } from '../../http-kit/etag';
import type { Handlers } from '../../http-kit/handle';
import type { RestContextOf } from '../auth/request-context';
import { MAX_IMAGE_BYTES, type UploadsService } from './uploads.service';

type Services = { uploads: UploadsService };
type RestContext = RestContextOf<Services>;

const parseImage = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 } }).single('image');

class TooLarge extends Error {}

function readImage(req: Request, res: Response): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    parseImage(req, res, (error: unknown) => {
      if (error instanceof MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') reject(new TooLarge());
        else reject(badInput(error.code === 'LIMIT_UNEXPECTED_FILE' ? 'Send one image in the multipart field "image"' : error.message));
      } else if (error) {
        reject(badInput('Send the image as multipart/form-data'));
      } else {
        resolve(req.file?.buffer);
      }
    });
  });
}

/** `POST /api/uploads`: the answer has the shape the old image host gave, `{ success, data: { url } }`. */
export function registerUploadsRoutes(router: Router, { handle }: Handlers<RestContext>): void {
  router.post(
    '/uploads',
    handle(async (req, res, { caller, services }) => {
      // Refuse before reading up to 5 MB from someone who may not upload.
      await services.uploads.checkMayUpload(caller);
      let bytes: Buffer | undefined;
      try {
        bytes = await readImage(req, res);
      } catch (error) {
        if (!(error instanceof TooLarge)) throw error;
        res.status(413).json({ message: 'The image must be at most 5 MB' });
        return;
      }
      const { url } = await services.uploads.uploadImage(caller, bytes);
      return { success: true, data: { url } };
    }),
  );
}

/**
 * `GET /uploads/{name}` from the bucket, for any process, when no S3_PUBLIC_URL sends browsers
 * elsewhere: streamed as it arrives, with the cache headers of an image that never changes.
 */
export function storedImageHandler(services: Services): RequestHandler {
  return async (req, res) => {
    const image = await services.uploads.open(String(req.params.name));
    if (!image) {
      res.status(404).json({ message: 'No such image' });
      return;
    }
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
