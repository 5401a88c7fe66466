import DataLoader from 'dataloader';
import type { MessageReply } from './message.entity';
import type { MessagesService } from './messages.service';

/** One request's batched reads of messages' photos and replies: one statement each for a whole page. */
export function messagesLoaders(messages: MessagesService) {
  return {
    messagePhotos: new DataLoader<string, string[]>(async (ids) => {
      const photos = await messages.photosOf(ids);
      return ids.map((id) => photos.get(id) ?? []);
    }),
    messageReplies: new DataLoader<string, MessageReply[]>(async (ids) => {
      const replies = await messages.repliesOf(ids);
      return ids.map((id) => replies.get(id) ?? []);
    }),
  };
}

export type MessagesLoaders = ReturnType<typeof messagesLoaders>;
