import { z } from 'zod';
import {
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatListItemSchema,
  chatMessageSchema,
  chatPathSchema,
  chatReadSchema,
  idPathSchema,
  markReadSchema,
  sendMessageSchema,
} from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

// Chat routes are open to every logged-in user ('session'); the service decides per chat: members
// of the channel, or the two people of a personal chat. The tag 'chat' exempts them from the
// "every change is audited" rule of the docs test: a chat message is not an administrative operation.
const tag = 'chat';

export const chatRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET', url: '/api/chats', tag, auth: 'session',
    summary: "The caller's chats: their channels and people they exchanged messages with, with last message and unread count",
    response: z.array(chatListItemSchema),
    handler: ({ caller, deps }) => deps.chat.list(caller),
  }),
  defineRoute({
    method: 'POST', url: '/api/chats/:chatId/messages', tag, auth: 'session',
    summary: 'Send a message to a chat (`{entId}-1-{channelId}` or `{entId}-0-{userA}-{userB}`); 429/600 when sending too fast',
    params: chatPathSchema, body: sendMessageSchema, response: chatMessageSchema,
    handler: ({ caller, params, body, deps }) => deps.chat.send(caller, deps.chat.target(caller, params.chatId), body),
  }),
  defineRoute({
    method: 'GET', url: '/api/chats/:chatId/messages', tag, auth: 'session',
    summary: 'History of a chat: `size` messages before message `before` (default: the latest), oldest first',
    params: chatPathSchema, query: chatHistoryQuerySchema, response: chatHistorySchema,
    handler: ({ caller, params, query, deps }) => deps.chat.history(caller, deps.chat.target(caller, params.chatId), query),
  }),
  defineRoute({
    method: 'POST', url: '/api/chats/:chatId/read', tag, auth: 'session',
    summary: 'Mark a chat read up to a message (default: the latest); answers the marker and what is still unread',
    params: chatPathSchema, body: markReadSchema, response: chatReadSchema,
    handler: ({ caller, params, body, deps }) => deps.chat.markRead(caller, deps.chat.target(caller, params.chatId), body.messageId),
  }),
  defineRoute({
    method: 'POST', url: '/api/users/:id/messages', tag, auth: 'session',
    summary: 'Send a personal message to a user of the enterprise (2003 when they blacklisted the sender)',
    params: idPathSchema, body: sendMessageSchema, response: chatMessageSchema,
    handler: ({ caller, params, body, deps }) => deps.chat.send(caller, deps.chat.personal(caller, params.id), body),
  }),
  defineRoute({
    method: 'GET', url: '/api/users/:id/messages', tag, auth: 'session',
    summary: 'History of the personal chat with a user, paged as the chat history',
    params: idPathSchema, query: chatHistoryQuerySchema, response: chatHistorySchema,
    handler: ({ caller, params, query, deps }) => deps.chat.history(caller, deps.chat.personal(caller, params.id), query),
  }),
];
