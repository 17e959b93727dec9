import { makeStyles } from '@fluentui/react-components';
import { MessageType } from '@ptt/contracts';
import type { MessageBody } from '@ptt/contracts';
import { AudioTalkContent, ExpressionContent, LocationContent, SosContent } from './CardContent';
import { AudioContent, FileContent, ImageContent, PttContent, VideoContent } from './MediaContent';

const useStyles = makeStyles({
  // Plain text as typed: React renders it as text; line breaks and long words are kept readable.
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 },
});

/** The body of a user message (types 0-9); system messages are written by SystemLine. `own`: we sent it. */
export function MessageContent({ body, own = false }: { body: MessageBody; own?: boolean }) {
  const styles = useStyles();
  switch (body.type) {
    case MessageType.Text:
      return <p className={styles.text}>{body.content.text}</p>;
    case MessageType.Image:
      return <ImageContent fileId={body.content.fileId} name={body.content.name} />;
    case MessageType.Audio:
      return <AudioContent fileId={body.content.fileId} name={body.content.name} durationMs={body.content.durationMs} />;
    case MessageType.Video:
      return <VideoContent fileId={body.content.fileId} name={body.content.name} />;
    case MessageType.File:
      return <FileContent fileId={body.content.fileId} name={body.content.name} size={body.content.size} />;
    case MessageType.Expression:
      return <ExpressionContent code={body.content.code} />;
    case MessageType.Location:
      return <LocationContent {...body.content} />;
    case MessageType.Sos:
      return <SosContent lng={body.content.lng} lat={body.content.lat} sosId={body.content.sosId} />;
    case MessageType.Ptt:
      return <PttContent fileId={body.content.fileId} durationMs={body.content.durationMs} />;
    case MessageType.AudioTalk:
      return <AudioTalkContent durationMs={body.content.durationMs} missed={body.content.missed} own={own} />;
    case MessageType.ChannelAddUser:
    case MessageType.ChannelRemoveUser:
    case MessageType.ChannelDisbandment:
    case MessageType.ChannelSuspend:
      return null;
  }
}
