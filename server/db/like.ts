/** A LIKE pattern that matches values containing text, LIKE's own characters in it standing for themselves. */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
