/** The name with each case-insensitive match of the search marked (001 §2 point list). */
export function Highlight({ text, search }: { text: string; search: string }) {
  const s = search.trim();
  if (!s) return <>{text}</>;
  const lower = text.toLowerCase();
  const needle = s.toLowerCase();
  const parts: Array<{ t: string; hit: boolean }> = [];
  let at = 0;
  for (let i = lower.indexOf(needle); i >= 0; i = lower.indexOf(needle, at)) {
    if (i > at) parts.push({ t: text.slice(at, i), hit: false });
    parts.push({ t: text.slice(i, i + s.length), hit: true });
    at = i + s.length;
  }
  if (at < text.length) parts.push({ t: text.slice(at), hit: false });
  return <>{parts.map((p, i) => (p.hit ? <mark key={i}>{p.t}</mark> : <span key={i}>{p.t}</span>))}</>;
}
