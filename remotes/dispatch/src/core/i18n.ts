/**
 * The i18n namespace of every dispatch text. Here rather than beside the texts (src/strings.ts),
 * which gather every feature's: a feature reading it from there would import all the others.
 */
export const NS = 'dispatch';
