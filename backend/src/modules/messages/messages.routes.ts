import { z } from 'zod';
import { restRoute, type RestRoutes } from '../auth';
import type { MessagesService } from './messages.service';

type Services = { messages: MessagesService };

const route = restRoute<Services>();

/** `POST /api/messages/photos`: a contact message's reference photo, from anyone, before the message is sent. */
export const messagesRoutes: RestRoutes<Services> = [
  route({
    method: 'POST',
    path: '/messages/photos',
    tag: 'Messages',
    summary:
      'Upload a reference photo for a contact message (anyone): a JPEG, PNG or WebP image of at most 5 MB and UPLOAD_MAX_MEGAPIXELS; ' +
      "the answer's URL goes in sendMessage's photos (at most 3)",
    description:
      'Checked and re-encoded as every upload is (POST /uploads). Limited per client address: three times RATE_LIMIT_MESSAGES ' +
      'photos an hour (15 by default) and RATE_LIMIT_UPLOAD_MB megabytes a day. 413 for an image over 5 MB; 429 past the limit; ' +
      '503 with `Retry-After` while too many images are being decoded in this process. A photo no message keeps is removed after a day.',
    access: { allow: 'public' },
    body: 'image',
    failures: [413, 429, 503],
    answer: z.object({
      success: z.literal(true),
      data: z.object({ url: z.string().describe("The stored image's path, under /uploads/") }),
    }),
    work: async ({ body: readImage, clientAddress }, _res, { services }) => {
      // Counted before reading up to 5 MB, so a flood is refused without reading it.
      await services.messages.checkMayAttachPhoto(clientAddress());
      const { url } = await services.messages.storePhoto(clientAddress(), await readImage());
      return { success: true as const, data: { url } };
    },
  }),
];
