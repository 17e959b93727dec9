// The console's expression set: the code travels in the message, the picture is drawn here.
// Codes another client sends that are not in this table show as their code.
export const EXPRESSIONS = [
  { code: 'smile', emoji: '😊' },
  { code: 'laugh', emoji: '😂' },
  { code: 'wink', emoji: '😉' },
  { code: 'love', emoji: '😍' },
  { code: 'thumbsup', emoji: '👍' },
  { code: 'thumbsdown', emoji: '👎' },
  { code: 'ok', emoji: '👌' },
  { code: 'clap', emoji: '👏' },
  { code: 'pray', emoji: '🙏' },
  { code: 'cry', emoji: '😢' },
  { code: 'angry', emoji: '😠' },
  { code: 'surprised', emoji: '😮' },
  { code: 'thinking', emoji: '🤔' },
  { code: 'heart', emoji: '❤️' },
  { code: 'fire', emoji: '🔥' },
  { code: 'check', emoji: '✅' },
] as const;

export function findExpression(code: string): (typeof EXPRESSIONS)[number] | undefined {
  return EXPRESSIONS.find((e) => e.code === code);
}
