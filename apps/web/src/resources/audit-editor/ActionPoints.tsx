import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { TAudit } from '@insp/contracts';
import { useInspectionWrites } from '../../inspection-writes';
import { shownMessage } from '../../lib/errors';
import { Section } from '../inspection-edit/Section';
import { useAuditEditing } from './context';
import { SuggestionRow, TextEditor } from './SuggestionRow';
import { AUDIT_TEXT, SUGGESTION_LISTS } from './texts';

/**
 * 000 §2.6 summary of action points: three suggestion lists, each with add, edit and delete; above them the
 * proposals of points rated repair or immediate action (issue 8), accepted as they are or edited, or dismissed.
 */
export function ActionPoints({ audit }: { audit: TAudit }) {
  const writes = useInspectionWrites();
  const { auditId, readOnly, reload } = useAuditEditing();
  const [adding, setAdding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (write: () => Promise<unknown>) => {
    setError(null);
    try {
      await write();
      await reload();
      return true;
    } catch (e) {
      setError(shownMessage(e));
      return false;
    }
  };
  return (
    <Section title={AUDIT_TEXT.actionPoints}>
      {error && <Alert severity="error">{error}</Alert>}
      {/* A finished audit decides nothing: its open proposals are not shown. */}
      {!readOnly && audit.proposals.length > 0 && (
        <Box component="section" aria-labelledby="proposals-title" sx={{ border: 1, borderColor: 'warning.main', borderRadius: 1, p: 1.5 }}>
          <Typography variant="h3" id="proposals-title" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {AUDIT_TEXT.proposals}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {AUDIT_TEXT.proposalsHelp}
          </Typography>
          <Stack spacing={1}>
            {audit.proposals.map((p) => (
              <SuggestionRow
                key={p.resultId}
                text={p.text}
                proposal
                readOnly={readOnly}
                onSave={(text) => run(() => writes.addSuggestion(auditId, { type: 'ShortTerm', text, sourceResultId: p.resultId }))}
                onDelete={() => run(() => writes.dismissProposal(auditId, p.resultId))}
              />
            ))}
          </Stack>
        </Box>
      )}
      {SUGGESTION_LISTS.map((list) => {
        const items = audit.suggestions.filter((s) => s.type === list.type);
        const titleId = `suggestions-${list.type}`;
        return (
          <Box key={list.type} component="section" aria-labelledby={titleId}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="h3" id={titleId} sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                {list.title}
              </Typography>
              {!readOnly && (
                <Button startIcon={<AddIcon />} onClick={() => setAdding(list.type)} aria-label={`${AUDIT_TEXT.add}: ${list.title}`}>
                  {AUDIT_TEXT.add}
                </Button>
              )}
            </Stack>
            {items.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {AUDIT_TEXT.noSuggestions}
              </Typography>
            )}
            <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {items.map((s) => (
                <li key={s.id}>
                  <SuggestionRow
                    text={s.text}
                    readOnly={readOnly}
                    onSave={(text) => run(() => writes.editSuggestion(auditId, s.id, { text }))}
                    onDelete={() => run(() => writes.deleteSuggestion(auditId, s.id))}
                  />
                </li>
              ))}
            </Stack>
            {adding === list.type && (
              <TextEditor
                label={`${AUDIT_TEXT.newSuggestion}: ${list.title}`}
                initial=""
                onCancel={() => setAdding(null)}
                onSave={async (text) => {
                  if (await run(() => writes.addSuggestion(auditId, { type: list.type, text }))) setAdding(null);
                }}
              />
            )}
          </Box>
        );
      })}
    </Section>
  );
}
