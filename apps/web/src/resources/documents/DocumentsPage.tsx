import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import type { TDocumentLibraryNode, TDocumentListItem } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { UnsavedGuard } from '../../components/UnsavedGuard';
import { DISCARD_TEXTS, UnsavedScopeProvider, useConfirmDiscard, useUnsavedScope } from '../../components/unsaved';
import { UNCATEGORIZED, useReloadDocuments } from './api';
import { CategoryTree, flatCategories } from './CategoryTree';
import { AddCategoryDialog } from './AddCategoryDialog';
import { UploadPanel } from './UploadPanel';
import { DocumentList } from './DocumentList';
import { DocumentDetails } from './DocumentDetails';
import { PackagesPanel } from './PackagesPanel';

const findNode = (nodes: TDocumentLibraryNode[], id: string): TDocumentLibraryNode | undefined =>
  nodes.map((n) => (n.id === id ? n : findNode(n.subCategories, id))).find(Boolean);

/**
 * /Documents (002 §2): the category tree with 'uncategorized' and add category, upload into the chosen category,
 * its documents (paged, searched), the details panel of the chosen document, and the document packages. Leaving
 * unsaved metadata (another document, category or screen) asks first.
 */
export function DocumentsPage() {
  const tree = useQuery(trpc.documents.categoryTree.queryOptions());
  const [category, setCategory] = useState<string>(UNCATEGORIZED);
  const [docId, setDocId] = useState<string | null>(null);
  const [addOpen, setAddOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [listed, setListed] = useState<readonly string[]>([]);
  const scope = useUnsavedScope();
  const discard = useConfirmDiscard();
  const reload = useReloadDocuments();
  const categories = useMemo(() => flatCategories(tree.data?.categories ?? []), [tree.data]);
  const onRows = useCallback((rows: TDocumentListItem[]) => setListed(rows.map((r) => r.name)), []);
  const onUploaded = useCallback(() => void reload(), [reload]);

  if (tree.isPending) return <Typography>Loading...</Typography>;
  if (tree.isError) return <Alert severity="error">The document library could not be loaded</Alert>;
  const categoryName = category === UNCATEGORIZED ? 'uncategorized' : (findNode(tree.data.categories, category)?.name ?? '');
  const selectCategory = (id: string) => discard.confirm(scope.unsaved, () => { setCategory(id); setDocId(null); setNotice(null); });
  const selectDoc = (id: string) => discard.confirm(scope.unsaved, () => { setDocId(id); setNotice(null); });

  return (
    <UnsavedScopeProvider scope={scope}>
      <Typography variant="h1" sx={{ mb: 2 }}>Documents</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(220px, 1fr) 2fr', lg: 'minmax(220px, 1fr) 2fr 2fr' }, gap: 2, alignItems: 'start' }}>
        <Paper variant="outlined" component="nav" aria-label="Document categories" sx={{ p: 2, minWidth: 0 }}>
          <Typography variant="h6" component="h2">Categories</Typography>
          <CategoryTree tree={tree.data} selected={category} onSelect={selectCategory} />
          <Button startIcon={<CreateNewFolderIcon />} onClick={() => setAddOpen(true)}>Add category</Button>
        </Paper>
        <Paper variant="outlined" component="section" aria-label={`Documents in ${categoryName}`} sx={{ p: 2, minWidth: 0, display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>{categoryName}</Typography>
          <UploadPanel categoryId={category === UNCATEGORIZED ? null : category} categoryName={categoryName} listedNames={listed} onUploaded={onUploaded} />
          <DocumentList key={category} category={category} selectedId={docId} onSelect={selectDoc} onRows={onRows} />
        </Paper>
        <Paper variant="outlined" component="section" aria-label="Document details" sx={{ p: 2, minWidth: 0, gridColumn: { md: '1 / -1', lg: 'auto' } }}>
          {notice ? <Alert severity="success" sx={{ mb: 2 }}>{notice}</Alert> : null}
          {docId ? (
            <DocumentDetails key={docId} id={docId} categories={categories} onDeleted={(m) => { setDocId(null); setNotice(m); }} />
          ) : (
            <Typography color="text.secondary">Choose a document to see its details.</Typography>
          )}
        </Paper>
      </Box>
      <Paper variant="outlined" component="section" aria-label="Document packages" sx={{ p: 2, mt: 2 }}>
        <PackagesPanel />
      </Paper>
      <AddCategoryDialog open={addOpen} onClose={() => setAddOpen(false)} categories={categories} parentId={category === UNCATEGORIZED ? null : category}
        onAdded={(id) => selectCategory(id)} />
      {discard.dialog}
      <UnsavedGuard unsaved={scope.unsaved} texts={DISCARD_TEXTS} />
    </UnsavedScopeProvider>
  );
}
