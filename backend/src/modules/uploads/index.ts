/** Uploaded images, on disk or in a bucket. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { uploadsRoutes } from './uploads.routes';
import { uploadsWork } from './uploads.work';

export const uploadsModule = keenModule({
  name: 'uploads',
  routes: uploadsRoutes,
  work: uploadsWork,
});

export { UPLOAD_NAME } from './image-store';
export type { ImageStore } from './image-store';
export type { UploadsService } from './uploads.service';
export { S3Bucket } from './s3-bucket';
