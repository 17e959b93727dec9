import { z } from 'zod';
import { text } from '../text';
import { parseChatId } from '../chat-id';
import { coordinateSystemSchema, MessageType } from '../enums';
import { idSchema, parseIdText } from '../ids';
import { latitudeSchema, longitudeSchema } from '../rest/fields';

// Chat: group messages of a channel and personal messages between two users of one enterprise.
// Message types are spec section 3's (text 0 ... audio talk 9, system 200-203). REST answers and
// /ws2 frames (kind `Message`) carry the same `chatMessageSchema` object.

export const CHAT_TEXT_MAX_LENGTH = 2000;
export const CHAT_NAME_MAX_LENGTH = 120;
export const CHAT_ADDRESS_MAX_LENGTH = 200;
export const CLIENT_MSG_ID_MAX_LENGTH = 64;
/** Longest voice, video or talk a message may announce: one day in ms. */
export const CHAT_DURATION_MAX_MS = 24 * 60 * 60 * 1000;
export const CHAT_HISTORY_SIZE_DEFAULT = 30;
export const CHAT_HISTORY_SIZE_MAX = 100;
/** Unread counts stop here: the UI shows "999+" (counting further would read the whole backlog). */
export const CHAT_UNREAD_MAX = 999;
/** Sending limit per sender (spec section 5: "Sending messages too fast is refused"). */
export const CHAT_SEND_LIMIT = { messages: 10, windowMs: 5000 } as const;
/** The /ws2 kind of a chat message on the channel topic and on user topics. */
export const CHAT_MESSAGE_KIND = 'Message';

export const ChatKind = { Group: 'group', Personal: 'personal' } as const;
export type ChatKind = (typeof ChatKind)[keyof typeof ChatKind];
export const chatKindSchema = z.enum(ChatKind);

/**
 * A personal chat's id: `{entId}-0-{lowUserId}-{highUserId}`. The spec only fixes the channel form
 * `{entId}-1-{channelId}`; the personal form is the same for both people, so one stored message
 * has one chat id.
 */
export function personalChatId(entId: number, userA: number, userB: number): string {
  return `${entId}-0-${Math.min(userA, userB)}-${Math.max(userA, userB)}`;
}

export type ChatRef =
  | { kind: 'group'; entId: number; channelId: number }
  | { kind: 'personal'; entId: number; userIds: [number, number] };

/** Reads either chat id form; null for anything else (two equal user ids included). */
export function parseAnyChatId(s: string): ChatRef | null {
  const group = parseChatId(s);
  if (group) return { kind: 'group', ...group };
  const parts = s.split('-');
  if (parts.length !== 4 || parts[1] !== '0') return null;
  const [entId, low, high] = [parseIdText(parts[0]), parseIdText(parts[2]), parseIdText(parts[3])];
  if (entId === null || low === null || high === null || low >= high) return null;
  return { kind: 'personal', entId, userIds: [low, high] };
}

// Free text is stored and sent back as typed: clients show it as text, never as HTML. Control
// characters (NUL above all, which PostgreSQL cannot store) are refused; tab and newlines are fine.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const plainText = (max: number) =>
  text().max(max).refine((v) => !CONTROL.test(v), { error: 'control characters are not allowed' });
const requiredText = (max: number) => plainText(max).refine((v) => v.trim().length > 0, { error: 'required' });

/** Ids of POST /api/files answers; the file must belong to the sender's enterprise. */
export const chatFileIdSchema = text().regex(/^[A-Za-z0-9_-]{16,64}$/);
const durationMs = z.number().int().nonnegative().max(CHAT_DURATION_MAX_MS);

export const textContentSchema = z.object({ text: requiredText(CHAT_TEXT_MAX_LENGTH) });
/** Image, audio, video and file: an uploaded file plus what the client knows about it. */
export const fileContentSchema = z.object({
  fileId: chatFileIdSchema,
  name: requiredText(CHAT_NAME_MAX_LENGTH).optional(),
  size: z.number().int().nonnegative().optional(),
  durationMs: durationMs.optional(),
});
/** A sticker or emoji code of the client's expression set. */
export const expressionContentSchema = z.object({ code: text().regex(/^[A-Za-z0-9_:+-]{1,32}$/) });
/** Kept as sent (coord 0 WGS-84, 1 GCJ-02); position reports are converted elsewhere, chat only shows it. */
export const locationContentSchema = z.object({
  lng: longitudeSchema,
  lat: latitudeSchema,
  coord: coordinateSystemSchema,
  address: requiredText(CHAT_ADDRESS_MAX_LENGTH).optional(),
});
export const sosContentSchema = z
  .object({ sosId: idSchema.optional(), lng: longitudeSchema.optional(), lat: latitudeSchema.optional() })
  .refine((v) => (v.lng === undefined) === (v.lat === undefined), { error: 'lng and lat go together' });
export const pttContentSchema = z.object({ fileId: chatFileIdSchema, durationMs: durationMs.positive() });
/** A talk record: a call's length, or (`missed`) a call its callee missed (`isMissedCall`). */
export const audioTalkContentSchema = z.object({ durationMs: durationMs.optional(), callId: idSchema.optional(), missed: z.boolean().optional() });
/** 200-203, written by the server: who was added, removed or (202) on the disbanded channel, none for 203; and by whom. */
export const systemContentSchema = z.object({ userIds: z.array(idSchema), byUserId: idSchema });

const SYSTEM_TYPES = [
  MessageType.ChannelAddUser,
  MessageType.ChannelRemoveUser,
  MessageType.ChannelDisbandment,
  MessageType.ChannelSuspend,
] as const;

/**
 * Types only the server writes: a PTT burst (8) comes from floor control, 200-203 from channel
 * changes; SOS cards (6) and talk records (9) belong to the SOS and call flows (the call flow writes a
 * missed-call record). A client that could send them would show dispatchers forged alerts and recordings, so the
 * send schema does not know them (every send path parses with it).
 */
export const SERVER_MESSAGE_TYPES: readonly number[] = [MessageType.Sos, MessageType.Ptt, MessageType.AudioTalk, ...SYSTEM_TYPES];

/** Types whose content names an uploaded file (`fileId`). */
export const FILE_MESSAGE_TYPES: readonly number[] = [MessageType.Image, MessageType.Audio, MessageType.Video, MessageType.File, MessageType.Ptt];

const variant = <T extends number, C extends z.ZodType>(type: T, content: C) => z.object({ type: z.literal(type), content });
const clientVariants = [
  variant(MessageType.Text, textContentSchema),
  variant(MessageType.Image, fileContentSchema),
  variant(MessageType.Audio, fileContentSchema),
  variant(MessageType.Video, fileContentSchema),
  variant(MessageType.Expression, expressionContentSchema),
  variant(MessageType.Location, locationContentSchema),
  variant(MessageType.File, fileContentSchema),
] as const;
const serverVariants = [
  variant(MessageType.Sos, sosContentSchema),
  variant(MessageType.Ptt, pttContentSchema),
  variant(MessageType.AudioTalk, audioTalkContentSchema),
  ...SYSTEM_TYPES.map((type) => variant(type, systemContentSchema)),
] as const;

const serverOnly = (iss: { code: string; input?: unknown }) => {
  const type = (iss.input as { type?: unknown } | undefined)?.type;
  return iss.code === 'invalid_union' && typeof type === 'number' && SERVER_MESSAGE_TYPES.includes(type) ? 'validation.messageTypeServerOnly' : undefined;
};

/** A type a client may send (0-5, 7) with the content it requires; the others answer 'validation.messageTypeServerOnly'. */
export const clientMessageBodySchema = z.discriminatedUnion('type', [...clientVariants], { error: serverOnly });
/** Any type 0-9 or 200-203 with its content: what stored messages carry. */
export const messageBodySchema = z.discriminatedUnion('type', [...clientVariants, ...serverVariants]);
export type MessageBody = z.infer<typeof messageBodySchema>;

/** Client-chosen id: sending again with the same one returns the first message instead of a copy. */
export const clientMsgIdSchema = text().regex(/^[A-Za-z0-9_.:-]+$/).min(1).max(CLIENT_MSG_ID_MAX_LENGTH);

/** Body of POST /api/chats/:chatId/messages and POST /api/users/:id/messages. */
export const sendMessageSchema = z.intersection(clientMessageBodySchema, z.object({ clientMsgId: clientMsgIdSchema.optional() }));
export type SendMessageRequest = z.input<typeof sendMessageSchema>;

export const chatMessageSchema = z.intersection(
  z.object({
    id: idSchema,
    /** `{entId}-1-{channelId}` (group) or `{entId}-0-{low}-{high}` (personal). */
    chatId: text(),
    kind: chatKindSchema,
    /** Group messages: the channel; null for personal ones. */
    channelId: idSchema.nullable(),
    /** Personal messages: the recipient (the peer is whichever of from.uid and toUserId is not you). */
    toUserId: idSchema.nullable(),
    /** The sender; for 200-203 the person who made the change. */
    from: z.object({ uid: idSchema, nickname: text() }),
    clientMsgId: text().nullable(),
    createdAt: text(),
  }),
  messageBodySchema,
);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Path `:chatId`: either form; a malformed one or one of another enterprise answers 2008. */
export const chatPathSchema = z.object({ chatId: text().min(1).max(64) });

/** Keyset paging: the `size` messages just before message `before` (or the latest), oldest first. */
export const chatHistoryQuerySchema = z.object({
  before: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().max(2_147_483_647).optional()),
  size: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(CHAT_HISTORY_SIZE_MAX).default(CHAT_HISTORY_SIZE_DEFAULT),
  ),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuerySchema>;

export const chatHistorySchema = z.object({
  items: z.array(chatMessageSchema),
  /** Older messages exist: ask again with `before` = the first item's id. */
  hasMore: z.boolean(),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

export const chatListItemSchema = z.object({
  chatId: text(),
  kind: chatKindSchema,
  /** Channel name, or the peer's nickname. */
  title: text(),
  channelId: idSchema.nullable(),
  peerId: idSchema.nullable(),
  lastMessage: chatMessageSchema.nullable(),
  /** Messages of others after the read marker, at most CHAT_UNREAD_MAX. */
  unread: z.number().int().nonnegative(),
});
export type ChatListItem = z.infer<typeof chatListItemSchema>;

/** Body of POST /api/chats/:chatId/read: read up to this message (default: the latest). */
export const markReadSchema = z.object({ messageId: idSchema.optional() });
export const chatReadSchema = z.object({ chatId: text(), lastReadId: z.number().int().nonnegative(), unread: z.number().int().nonnegative() });
export type ChatRead = z.infer<typeof chatReadSchema>;
