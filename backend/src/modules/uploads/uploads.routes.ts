import type { Request, Response, Router } from 'express';
import multer, { MulterError } from 'multer';
import { badInput } from '../../common/errors';
import { handle } from '../../common/rest';
import type { Services } from '../../services';
import { MAX_IMAGE_BYTES } from './uploads.service';

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
export function registerUploadsRoutes(router: Router, services: Services): void {
  router.post(
    '/uploads',
    handle(services, async (req, res, { caller }) => {
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
