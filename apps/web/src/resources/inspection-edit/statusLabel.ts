/** 000 §4: In_Use, Waiting, Finished in words; other values shown as they are. */
export const statusLabel = (s: string) => ({ In_Use: 'In use', Waiting: 'Waiting', Finished: 'Finished' })[s] ?? s;
