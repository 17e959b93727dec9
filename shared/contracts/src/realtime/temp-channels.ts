import { z } from 'zod';
import { text } from '../text';
import { idSchema } from '../ids';
import { tempChannelMemberSchema, tempChannelStateSchema, type TempChannel } from '../rest/temp-channels';

// The TempChannel frame on `msg/listen/user/{entId}/{userId}` of every member (the creator
// included) when a temporary channel opens and when it closes. The console's adapter passes it on
// as `ws/user` kind `Personal` (spec section 7: any other kind on the user topic). See
// docs/protocol.md "Temporary channels".

export const TEMP_CHANNEL_KIND = 'TempChannel';

export const tempChannelFrameSchema = z.object({
  tempChannelId: idSchema,
  chatId: text(),
  state: tempChannelStateSchema,
  createdBy: idSchema,
  /** Null while open. */
  closedBy: idSchema.nullable(),
  members: z.array(tempChannelMemberSchema),
  createdAt: text(),
  closedAt: text().nullable(),
});
export type TempChannelFrame = z.infer<typeof tempChannelFrameSchema>;

/** The frame for a temporary channel as it is now. */
export function tempChannelFrameOf(tc: TempChannel): TempChannelFrame {
  return {
    tempChannelId: tc.id,
    chatId: tc.chatId,
    state: tc.state,
    createdBy: tc.createdBy,
    closedBy: tc.closedBy,
    members: tc.members,
    createdAt: tc.createdAt,
    closedAt: tc.closedAt,
  };
}
