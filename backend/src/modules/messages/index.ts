/** Contact messages: questions and commission requests, and staff's replies. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { MESSAGES_EVENTS } from './messages.events';
import { Message, MessagePhoto, MessageReply } from './message.entity';
import { messagesLoaders } from './messages.loaders';
import { MessagesResolver } from './messages.resolver';
import { messagesRoutes } from './messages.routes';
import type { MessagesService } from './messages.service';

export const messagesModule = keenModule({
  name: 'messages',
  entities: [Message, MessagePhoto, MessageReply],
  resolvers: [MessagesResolver],
  routes: messagesRoutes,
  loaders: (_db, { messages }: { messages: MessagesService }) => messagesLoaders(messages),
  events: MESSAGES_EVENTS,
});

export { Message, MessageKind, MessagePhoto, MessageReply, MessageStatus } from './message.entity';
export type { MessagesService, MessagePhotoStore } from './messages.service';
export type { MessageReceivedPayload, MessageRepliedPayload } from './messages.events';
export { eraseMessages, messagesOf } from './messages.privacy';
