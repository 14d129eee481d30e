import { useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { TDocumentCategoryTree, TDocumentLibraryNode } from '@insp/contracts';
import { UNCATEGORIZED } from './api';

/** 002 §2, §9: a category holding more than 5 documents starts collapsed. */
export const startsOpen = (n: TDocumentLibraryNode) => n.totalCount <= 5;

function Node({ node, depth, selected, onSelect }: { node: TDocumentLibraryNode; depth: number; selected: string; onSelect(id: string): void }) {
  const [open, setOpen] = useState(() => startsOpen(node));
  const subs = node.subCategories;
  // each category is an <li> holding its row and, open, a nested <ul> of its subcategories
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <ListItemButton selected={selected === node.id} aria-current={selected === node.id ? 'true' : undefined} onClick={() => onSelect(node.id)} sx={{ minHeight: 44, pl: 2 + depth * 2 }}>
          <ListItemText primary={`${node.name} (${node.documentCount})`} />
        </ListItemButton>
        {subs.length ? (
          <IconButton aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`} aria-expanded={open} onClick={() => setOpen((o) => !o)} sx={{ width: 44, height: 44 }}>
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        ) : null}
      </Box>
      {subs.length ? (
        <Collapse in={open} unmountOnExit>
          <List disablePadding dense>
            {subs.map((s) => <Node key={s.id} node={s} depth={depth + 1} selected={selected} onSelect={onSelect} />)}
          </List>
        </Collapse>
      ) : null}
    </ListItem>
  );
}

/** The nested category tree with own document counts, and the 'uncategorized' bucket last. */
export function CategoryTree({ tree, selected, onSelect }: { tree: TDocumentCategoryTree; selected: string; onSelect(id: string): void }) {
  return (
    <Box>
      <List aria-label="Document categories" dense>
        {tree.categories.map((c) => <Node key={c.id} node={c} depth={0} selected={selected} onSelect={onSelect} />)}
        <ListItem disablePadding>
          <ListItemButton selected={selected === UNCATEGORIZED} aria-current={selected === UNCATEGORIZED ? 'true' : undefined} onClick={() => onSelect(UNCATEGORIZED)} sx={{ minHeight: 44 }}>
            <ListItemText primary={`uncategorized (${tree.uncategorizedCount})`} />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}

/** Every category with its path ('Manuals / Cone'), for the category choice of the details panel. */
export function flatCategories(nodes: TDocumentLibraryNode[], prefix = ''): { id: string; label: string }[] {
  return nodes.flatMap((n) => [{ id: n.id, label: `${prefix}${n.name}` }, ...flatCategories(n.subCategories, `${prefix}${n.name} / `)]);
}
