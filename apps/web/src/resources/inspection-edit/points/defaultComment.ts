type Option = { name: string; comment: string | null };

/**
 * 000 §2.6: picking an option that has a default comment fills the comment; if a different, unrelated comment
 * already exists, the person is asked first. Related means empty, the same text, or another option's default
 * comment (the form filled it, nobody wrote it). Answers the comment to set, 'ask', or 'keep'.
 */
export function commentOnPick(options: readonly Option[], picked: Option, current: string): { set: string } | 'ask' | 'keep' {
  const fill = picked.comment?.trim() ? picked.comment : null;
  if (!fill) return 'keep';
  const now = current.trim();
  if (!now || now === fill.trim()) return { set: fill };
  if (options.some((o) => o.comment?.trim() === now)) return { set: fill };
  return 'ask';
}
